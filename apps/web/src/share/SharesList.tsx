import { shareTypes, type ShareItem } from '@pagewright/contracts';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { toApiError } from '../api/ApiError';
import { formatDate } from '../i18n/format';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { copyText } from './clipboard';
import { listShares, revokeShare, sharesQueryKey } from './shareApi';
import { isPermanentExpiry } from './shareExpiry';

const typeKeys = {
  [shareTypes.email]: 'share.list.types.email',
  [shareTypes.link]: 'share.list.types.link',
  [shareTypes.qrCode]: 'share.list.types.qrCode',
} as const;

function typeKey(type: number) {
  return typeKeys[type as keyof typeof typeKeys] ?? typeKeys[shareTypes.link];
}

function ShareRow({ share, onRevoke, revoking }: { share: ShareItem; onRevoke: () => void; revoking: boolean }) {
  const { t } = useTranslation();
  // Where the clipboard is refused, the toast shows the link to copy by hand.
  const copy = async () => {
    if (await copyText(share.share_url)) showToast(t('share.link.copied'), 'success');
    else showToast(share.share_url, 'info');
  };
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="share-item" data-share-code={share.share_code}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>{t(typeKey(share.share_type))}</Badge>
            <Text fw={600} truncate="end" data-testid="share-item-name">{share.file_name}</Text>
          </Group>
          {share.target_email !== '' && (
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t('share.list.to', { emails: share.target_email.split(',').join(', ') })}</Text>
          )}
          <Text fz="xs" c="dimmed">
            {isPermanentExpiry(share.expires_at) ? t('share.expiry.never') : t('share.expiry.until', { date: formatDate(share.expires_at) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('share.link.copy')}>
            <ActionIcon variant="default" size="lg" aria-label={t('share.link.copy')} onClick={() => void copy()} data-testid="share-item-copy">
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="light"
            color="red"
            size="sm"
            leftSection={<IconLinkOff size={16} />}
            loading={revoking}
            onClick={onRevoke}
            aria-label={t('share.list.revokeFile', { name: share.file_name })}
            data-testid="share-item-revoke"
          >
            {t('share.list.revoke')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The signed-in user's live shares (not expired, not revoked), newest first, each with its
 * link to copy and a Revoke that makes the link answer as expired from then on.
 */
export function SharesList() {
  const { t } = useTranslation();
  const { loggedIn } = useAccount();
  const queryClient = useQueryClient();
  const shares = useQuery({ queryKey: sharesQueryKey, queryFn: listShares, enabled: loggedIn });
  const revoke = useMutation({
    mutationFn: revokeShare,
    onSuccess: () => showToast(t('share.list.revoked'), 'success'),
    onError: showErrorToast,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
  if (!loggedIn) return null;

  return (
    <Stack gap="sm" data-testid="shares-list">
      <Title order={2} fz="lg">{t('share.list.title')}</Title>
      {shares.isPending ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : shares.isError ? (
        <Alert color="red" variant="light" role="alert">{errorMessage(toApiError(shares.error).code)}</Alert>
      ) : shares.data.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="shares-empty">{t('share.list.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shares.data.map((share) => (
            <ShareRow
              key={share.share_code}
              share={share}
              revoking={revoke.isPending && revoke.variables === share.share_code}
              onRevoke={() => revoke.mutate(share.share_code)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
