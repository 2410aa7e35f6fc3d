import { Badge, Burger, Button, Group } from '@mantine/core';
import { IconDownload, IconSparkles, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountArea } from '../account/AccountArea';
import { useAccount } from '../account/accountStore';
import { useLocalizedPath } from '../app/paths';
import { NotificationsButton } from '../messages/NotificationsButton';
import { appPageOf } from '../shell/appPage';
import { DesktopDownload } from '../shell/DesktopDownload';
import { useEditorExport } from '../shell/editorExport';
import { HelpMenu } from '../shell/HelpMenu';
import { Logo } from './Logo';

/**
 * The /app top bar of SPEC §2: free AI trial badge (not for members), desktop downloads,
 * templates, pricing, export (editor only), notifications, help (signed in, English) and the
 * account area.
 */
export function AppTopBar({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { pathname } = useLocation();
  const { pay, ai } = useAccount();
  const exportFile = useEditorExport((s) => s.exportFile);
  const onEditor = appPageOf(pathname) === 'pdf-editor';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger hiddenFrom="sm" opened={navOpened} onClick={onToggleNav} size="sm" aria-label={t('nav.toggle')} />
        <Logo to="/app" />
      </Group>
      <Group gap={6} wrap="nowrap">
        {!pay && !ai && (
          <Badge
            component={Link}
            to={localized('/pricing')}
            visibleFrom="md"
            size="lg"
            variant="gradient"
            gradient={{ from: 'violet.8', to: 'brand.8', deg: 90 }}
            leftSection={<IconSparkles size={14} aria-hidden="true" />}
            style={{ textTransform: 'none', cursor: 'pointer' }}
            data-testid="ai-trial-badge"
          >
            {t('topbar.aiTrial')}
          </Badge>
        )}
        <DesktopDownload />
        <Button component={Link} to={localized('/template')} visibleFrom="sm" variant="subtle" color="dark" leftSection={<IconTemplate size={18} />}>
          {t('topbar.templates')}
        </Button>
        <Button component={Link} to={localized('/pricing')} visibleFrom="sm" variant="subtle" color="dark">
          {t('topbar.pricing')}
        </Button>
        {onEditor && (
          <Button
            leftSection={<IconDownload size={18} />}
            radius="xl"
            disabled={exportFile === null}
            onClick={() => exportFile?.()}
            data-testid="editor-export"
          >
            {t('topbar.export')}
          </Button>
        )}
        <NotificationsButton />
        <HelpMenu />
        <AccountArea />
      </Group>
    </Group>
  );
}
