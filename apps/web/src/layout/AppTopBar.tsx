import { ActionIcon, Badge, Burger, Button, Group, Indicator, Tooltip } from '@mantine/core';
import { IconBell, IconDeviceDesktop, IconSparkles, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

/**
 * The /app top bar of SPEC §2 for a guest: AI trial badge, desktop app, templates, pricing,
 * notifications and the login button. The pages behind them come in later issues, so they
 * are shown but inert.
 */
export function AppTopBar({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const comingSoon = t('app.comingSoon');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger hiddenFrom="sm" opened={navOpened} onClick={onToggleNav} size="sm" aria-label={t('nav.toggle')} />
        <Logo to="/app" />
      </Group>
      <Group gap={6} wrap="nowrap">
        <Tooltip label={comingSoon} withArrow>
          <Badge
            visibleFrom="md"
            size="lg"
            variant="gradient"
            gradient={{ from: 'violet', to: 'brand', deg: 90 }}
            leftSection={<IconSparkles size={14} />}
            style={{ textTransform: 'none', cursor: 'default' }}
          >
            {t('topbar.aiTrial')}
          </Badge>
        </Tooltip>
        <Tooltip label={comingSoon} withArrow>
          <Button visibleFrom="lg" variant="subtle" color="dark" leftSection={<IconDeviceDesktop size={18} />} aria-disabled="true">
            {t('topbar.desktopApp')}
          </Button>
        </Tooltip>
        <Tooltip label={comingSoon} withArrow>
          <Button visibleFrom="sm" variant="subtle" color="dark" leftSection={<IconTemplate size={18} />} aria-disabled="true">
            {t('topbar.templates')}
          </Button>
        </Tooltip>
        <Tooltip label={comingSoon} withArrow>
          <Button visibleFrom="sm" variant="subtle" color="dark" aria-disabled="true">
            {t('topbar.pricing')}
          </Button>
        </Tooltip>
        <Tooltip label={t('topbar.notifications')} withArrow>
          <Indicator disabled size={8} offset={6}>
            <ActionIcon variant="subtle" color="dark" size="lg" aria-label={t('topbar.notifications')} aria-disabled="true">
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
        <Tooltip label={comingSoon} withArrow>
          <Button radius="xl" aria-disabled="true" data-testid="login-button">
            {t('topbar.login')}
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}
