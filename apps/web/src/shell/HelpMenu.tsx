import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconHelp, IconLifebuoy, IconMessage } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { useShellConfig } from './shellApi';

const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

/** The top bar's help menu of SPEC §2: feedback and support, for signed-in users in English. */
export function HelpMenu() {
  const { t, i18n } = useTranslation();
  const { loggedIn } = useAccount();
  const { support_url: supportUrl } = useShellConfig();
  const [feedbackOpened, setFeedbackOpened] = useState(false);
  if (!loggedIn || i18n.language !== 'en') return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Tooltip label={t('shell.help.label')} withArrow>
            <ActionIcon variant="subtle" color="dark" size="lg" aria-label={t('shell.help.label')} data-testid="help-menu">
              <IconHelp size={20} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => setFeedbackOpened(true)}>
            {t('shell.help.feedback')}
          </Menu.Item>
          {supportUrl !== '' && (
            <Menu.Item component="a" href={supportUrl} target="_blank" rel="noopener noreferrer" leftSection={<IconLifebuoy size={16} />}>
              {t('shell.help.support')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {feedbackOpened && (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedbackOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
