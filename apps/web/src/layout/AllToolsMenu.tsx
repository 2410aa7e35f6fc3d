import { timing, toolCategories, toolsInCategory } from '@pagewright/contracts';
import { Button, Group, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toolPath, useLocalizedPath } from '../app/paths';
import { ToolIcon } from '../tools/ToolIcon';
import classes from './AllToolsMenu.module.css';

/** The marketing header's all-tools mega menu, one column per category (SPEC §2). */
export default function AllToolsMenu({ defaultOpened = false, takeFocus = false }: { defaultOpened?: boolean; takeFocus?: boolean }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    // It replaces a button that was just pressed, which had the focus. The focus moves first and
    // the menu opens after, so that closing the menu gives the focus back to this button.
    if (takeFocus) target.current?.focus();
    if (defaultOpened) setOpened(true);
  }, [takeFocus, defaultOpened]);
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      trigger="click-hover"
      closeDelay={timing.hoverMenuCloseMs}
      position="bottom-start"
      offset={12}
      shadow="lg"
      radius="lg"
      withinPortal
      // Mantine's focus placeholder is a presentational child with a tabindex, which a menu may not have.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button ref={target} variant="subtle" color="dark" rightSection={<IconChevronDown size={16} />} data-testid="all-tools-menu">
          {t('header.allTools')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown className={classes.dropdown}>
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="lg" verticalSpacing="md" p="sm">
          {toolCategories.map((category) => (
            <div key={category} role="group" aria-labelledby={`all-tools-${category}`}>
              <Menu.Label id={`all-tools-${category}`}>
                <Text fz="xs" fw={700} tt="uppercase" c="dimmed">{t(`categories.${category}`)}</Text>
              </Menu.Label>
              {toolsInCategory(category).map((tool) => (
                <Menu.Item
                  key={tool.pageName}
                  component={Link}
                  to={localized(toolPath(tool.pageName))}
                  className={classes.item}
                >
                  <Group gap="xs" wrap="nowrap">
                    <ToolIcon tool={tool} size="xs" />
                    <Text fz="sm">{t(`tools.${tool.pageName}.title`)}</Text>
                  </Group>
                </Menu.Item>
              ))}
            </div>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
