import type { ToolDefinition } from '@pagewright/contracts';
import { Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toolPath, useLocalizedPath } from '../app/paths';
import { ToolIcon } from './ToolIcon';
import { searchTools } from './searchTools';

/** The marketing header's 'Quickly find a tool' box (SPEC §2): filters tools by name. */
export function ToolSearch({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [query, setQuery] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const titleOf = (tool: ToolDefinition) => t(`tools.${tool.pageName}.title`);
  const matches = searchTools(query, titleOf);

  const open = (pageName: string) => {
    setQuery('');
    combobox.closeDropdown();
    onNavigate?.();
    void navigate(localized(toolPath(pageName)));
  };

  return (
    <Combobox store={combobox} onOptionSubmit={open} withinPortal position="bottom-start" shadow="md">
      <Combobox.Target>
        <TextInput
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => query !== '' && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && matches[0]) {
              event.preventDefault();
              open(matches[0].pageName);
            }
          }}
          placeholder={t('header.searchPlaceholder')}
          aria-label={t('header.searchLabel')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          radius="xl"
          w="100%"
          data-testid="tool-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query.trim() === ''} miw={280}>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }}>
          {matches.length === 0 ? (
            <Combobox.Empty>{t('header.searchNoResults', { query: query.trim() })}</Combobox.Empty>
          ) : (
            matches.map((tool) => (
              <Combobox.Option value={tool.pageName} key={tool.pageName} data-testid="tool-search-result">
                <Group gap="sm" wrap="nowrap">
                  <ToolIcon tool={tool} size="sm" />
                  <Text fz="sm" fw={600}>{titleOf(tool)}</Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
