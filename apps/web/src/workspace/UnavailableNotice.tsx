import { Alert, Button, Group, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appHomePath, toolPath, useLocalizedPath } from '../app/paths';

/** Shown on pages whose tool is not built yet, instead of a workspace that would not work. */
export function UnavailableNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="lg"
      icon={<IconTools size={22} />}
      title={t('unavailable.title')}
      // The light alert's yellow title fails WCAG AA contrast on its own background.
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      data-testid="tool-unavailable"
      role="status"
    >
      <Text fz="sm" mb="md">{t('unavailable.body', { tool: name })}</Text>
      <Group gap="sm">
        <Button component={Link} to={localized(appHomePath)} variant="white" color="dark" size="sm">
          {t('unavailable.browse')}
        </Button>
        <Button component={Link} to={localized(toolPath('merge-pdf'))} variant="subtle" size="sm">
          {t('unavailable.tryMerge')}
        </Button>
      </Group>
    </Alert>
  );
}
