import type { ToolDefinition } from '@pagewright/contracts';
import { Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toolPath, useLocalizedPath } from '../app/paths';
import { ToolIcon } from './ToolIcon';
import { searchTools } from './searchTools';
import { toolSearchInputProps } from './toolSearchInput';

interface ToolSearchProps {
  onNavigate?: () => void;
  /** The query, when the field's owner keeps it (the header's light first-load field does). */
  query?: string;
  onQueryChange?: (query: string) => void;
  /** Focus the field once shown, with the caret after the query: it replaces a field that had focus. */
  takeFocus?: boolean;
}

/** The marketing header's 'Quickly find a tool' box (SPEC §2): filters tools by name. */
export default function ToolSearch({ onNavigate, query: ownerQuery, onQueryChange, takeFocus = false }: ToolSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [ownQuery, setOwnQuery] = useState('');
  const query = ownerQuery ?? ownQuery;
  const setQuery = onQueryChange ?? setOwnQuery;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!takeFocus || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(query.length, query.length);
    if (query !== '') combobox.openDropdown();
    // Only when the field first appears, taking over from the light field.
  }, []);
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
          {...toolSearchInputProps(t)}
          ref={input}
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
