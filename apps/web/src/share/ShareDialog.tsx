import { shareLimits, type ShareResponse } from '@pagewright/contracts';
import { Alert, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypePdf, IconLink, IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountStore } from '../account/accountStore';
import { isCanceled, toApiError } from '../api/ApiError';
import { PayDialog } from '../billing/PayDialog';
import { openPayDialog } from '../billing/payStore';
import { showToast } from '../toasts/toastStore';
import { EmailShare, type EmailDraft } from './EmailShare';
import { ExpirySelect } from './ExpirySelect';
import { LinkShare } from './LinkShare';
import { shareByEmail, shareLink, sharesQueryKey, type ShareTarget } from './shareApi';
import { closeShareDialog, useShareDialogStore } from './shareDialog';
import { shareFailureMessage } from './shareErrors';
import type { ShareDays } from './shareExpiry';

type Tab = 'email' | 'link';

/**
 * The share dialog of SPEC §2, §5 and §6, mounted while a file is being shared: the expiry,
 * then an Email tab that mails the link and a Link tab with the link to copy and its QR code.
 * It holds its own pay dialog for the Premium-only permanent expiry.
 */
export default function ShareDialog() {
  const target = useShareDialogStore((s) => s.target);
  if (!target) return null;
  return <ShareDialogFor key={target.fileId} target={target} />;
}

function ShareDialogFor({ target }: { target: ShareTarget }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('link');
  const [days, setDays] = useState<ShareDays>(shareLimits.defaultExpiryDays);
  const [link, setLink] = useState<{ days: ShareDays; share: ShareResponse } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async <T,>(send: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await send();
      void queryClient.invalidateQueries({ queryKey: sharesQueryKey });
      return answer;
    } catch (error) {
      const { code } = toApiError(error);
      if (isCanceled(error)) return null;
      setFailure(shareFailureMessage(code, useAccountStore.getState().user !== null));
      // The account's Premium ended since the page read it: the server refused, so offer it again.
      if (code === 'SHARE_PREMIUM_ONLY') openPayDialog('upgrade');
      return null;
    } finally {
      setBusy(false);
    }
  };

  const createLink = async () => {
    const share = await run(() => shareLink({ target, days, language: i18n.language }));
    if (share) setLink({ days, share });
  };
  const sendEmail = async (draft: EmailDraft) => {
    const share = await run(() => shareByEmail({ target, days, language: i18n.language, ...draft }));
    if (!share) return;
    showToast(t('share.email.sent'), 'success');
    closeShareDialog();
  };

  return (
    <>
      <Modal
        opened
        onClose={closeShareDialog}
        title={t('share.title')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        centered
        radius="lg"
        size={520}
      >
        <Stack gap="md" data-testid="share-dialog">
          <Group gap="xs" wrap="nowrap">
            <IconFileTypePdf size={22} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text fw={600} truncate="end" data-testid="share-file-name">{target.name}</Text>
          </Group>
          <ExpirySelect days={days} onChange={setDays} />
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="share-error">
              {failure}
            </Alert>
          )}
          <Tabs value={tab} onChange={(value) => setTab(value === 'email' ? 'email' : 'link')}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="email" leftSection={<IconMail size={16} />} data-testid="share-tab-email">{t('share.tabs.email')}</Tabs.Tab>
              <Tabs.Tab value="link" leftSection={<IconLink size={16} />} data-testid="share-tab-link">{t('share.tabs.link')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="email">
              <EmailShare busy={busy} onSend={(draft) => void sendEmail(draft)} />
            </Tabs.Panel>
            <Tabs.Panel value="link">
              <LinkShare
                name={target.name}
                days={days}
                share={link?.days === days ? link.share : null}
                busy={busy}
                onCreate={() => void createLink()}
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Modal>
      <PayDialog />
    </>
  );
}
