import { toolCategories, toolsInCategory } from '@pagewright/contracts';
import { Accordion, Button, Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toolPath, useLocalizedPath } from '../app/paths';
import { ToolIcon } from '../tools/ToolIcon';
import ToolSearch from '../tools/ToolSearch';
import { FreeTrialButton, HeaderPageLinks, openLoginDialog } from './HeaderLinks';

/** The marketing header's menu below 768 px: search, tools by category, the other links. */
export default function MobileMenu({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <Drawer opened onClose={onClose} title={t('header.menuTitle')} size="100%" padding="md" closeButtonProps={{ 'aria-label': t('shell.closeMenu') }}>
      <Stack gap="md">
        <ToolSearch onNavigate={onClose} />
        <Accordion variant="separated" radius="md">
          {toolCategories.map((category) => (
            <Accordion.Item key={category} value={category}>
              <Accordion.Control>{t(`categories.${category}`)}</Accordion.Control>
              <Accordion.Panel>
                {toolsInCategory(category).map((tool) => (
                  <NavLink
                    key={tool.pageName}
                    component={Link}
                    to={localized(toolPath(tool.pageName))}
                    onClick={onClose}
                    label={t(`tools.${tool.pageName}.title`)}
                    leftSection={<ToolIcon tool={tool} size="xs" />}
                  />
                ))}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <HeaderPageLinks onNavigate={onClose} fullWidth />
        <Button
          variant="default"
          radius="xl"
          fw={600}
          onClick={() => {
            onClose();
            openLoginDialog();
          }}
        >
          {t('header.login')}
        </Button>
        <FreeTrialButton fullWidth />
      </Stack>
    </Drawer>
  );
}
