import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockX, IconDownload, IconFileTypePdf, IconLock, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccount } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import { toApiError } from '../api/ApiError';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { formatDate, formatFileSize } from '../i18n/format';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';
import { getSharedFile, sharedFileDownloadUrl } from './shareApi';
import { isPermanentExpiry } from './shareExpiry';
import { startDownload } from './startDownload';

/** The answer of an expired, revoked or unknown share code alike (SPEC §8). */
export const SHARE_EXPIRED = 11016;

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const title = t('features.download-file.title');
  useDocumentTitle(title);
  return (
    <Box maw={760} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <WorkspaceHeader
        icon={<ThemeIcon size={52} radius="md" variant="light" color="violet" aria-hidden="true"><IconShare size={30} stroke={1.7} /></ThemeIcon>}
        title={title}
        description={t('features.download-file.description')}
      />
      {children}
    </Box>
  );
}

export function Expired() {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="share-expired">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true"><IconClockX size={30} /></ThemeIcon>
        <Title order={2} fz="lg">{errorMessage(SHARE_EXPIRED)}</Title>
      </Stack>
    </Paper>
  );
}

export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="share-login-required">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true"><IconLock size={30} /></ThemeIcon>
        <Text>{t('share.file.signInPrompt')}</Text>
        <Button radius="xl" onClick={() => void openLogin()} data-testid="share-sign-in">{t('topbar.login')}</Button>
      </Stack>
    </Paper>
  );
}

/**
 * A file shared with the visitor (SPEC §2 shared-file download page), opened from a share
 * link: /app/pdf-editor?share_id= or /app/download-file?share_id=. The recipient signs in
 * first (SPEC §6); an expired, revoked or unknown link says only that it expired.
 */
export function SharedFile({ shareCode }: { shareCode: string }) {
  const { t } = useTranslation();
  const { loggedIn, ready } = useAccount();
  const [expired, setExpired] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const file = useQuery({
    queryKey: ['shared-file', shareCode],
    queryFn: () => getSharedFile(shareCode),
    enabled: loggedIn,
    retry: (count, error) => toApiError(error).code !== SHARE_EXPIRED && count < 1,
  });
  useEffect(() => {
    if (ready && !loggedIn) void openLogin();
  }, [ready, loggedIn]);

  if (!ready) return <Frame><Loader mx="auto" display="block" /></Frame>;
  if (!loggedIn) return <Frame><SignInPrompt /></Frame>;
  const failure = file.error ? toApiError(file.error).code : null;
  if (expired || failure === SHARE_EXPIRED) return <Frame><Expired /></Frame>;
  if (failure !== null) {
    return <Frame><Alert color="red" variant="light" role="alert" data-testid="share-error">{errorMessage(failure)}</Alert></Frame>;
  }
  if (!file.data) return <Frame><Loader mx="auto" display="block" aria-label={t('app.loading')} /></Frame>;

  const shared = file.data;
  const download = async () => {
    setDownloading(true);
    try {
      startDownload(await sharedFileDownloadUrl(shareCode), shared.file_name);
    } catch (error) {
      if (toApiError(error).code === SHARE_EXPIRED) setExpired(true);
      else showErrorToast(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Frame>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="shared-file">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light" color="red" aria-hidden="true"><IconFileTypePdf size={28} /></ThemeIcon>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="shared-file-name">{shared.file_name}</Title>
              <Text fz="sm" c="dimmed" data-testid="shared-file-owner">{t('share.file.sharedBy', { name: shared.owner_name })}</Text>
            </Stack>
          </Group>
          <Group gap="xl" component="dl" m={0}>
            <Fact label={t('share.file.size')} value={formatFileSize(shared.file_size)} />
            {shared.total_page !== null && <Fact label={t('share.file.pages')} value={String(shared.total_page)} />}
            <Fact
              label={t('share.file.expires')}
              value={isPermanentExpiry(shared.expires_at) ? t('share.expiry.never') : formatDate(shared.expires_at)}
              testId="shared-file-expiry"
            />
          </Group>
          <Button
            size="md"
            radius="xl"
            leftSection={<IconDownload size={20} />}
            loading={downloading}
            onClick={() => void download()}
            style={{ alignSelf: 'flex-start' }}
            data-testid="shared-file-download"
          >
            {t('share.file.download')}
          </Button>
        </Stack>
      </Paper>
    </Frame>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed">{label}</Text>
      <Text component="dd" m={0} fw={600} data-testid={testId}>{value}</Text>
    </div>
  );
}

/** /app/download-file?share_id=<code>. */
export default function DownloadFilePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const shareCode = params.get('share_id');
  if (shareCode) return <SharedFile key={shareCode} shareCode={shareCode} />;
  return (
    <Frame>
      <Text c="dimmed" data-testid="share-no-code">{t('share.file.noCode')}</Text>
    </Frame>
  );
}
