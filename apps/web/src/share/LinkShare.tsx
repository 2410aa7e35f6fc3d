import type { ShareResponse } from '@pagewright/contracts';
import { Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconDownload, IconLink } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';
import { showToast } from '../toasts/toastStore';
import { copyText } from './clipboard';
import { isPermanent, type ShareDays } from './shareExpiry';
import { startDownload } from './startDownload';

/** The QR code's file name: the shared file's name without its extension. */
function qrFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '') || 'share';
  return `${base}-qr.png`;
}

/**
 * The link tab (SPEC §2): makes the link for the chosen expiry, then offers it to copy and
 * its QR code to scan or save.
 */
export function LinkShare({ name, days, share, busy, onCreate }: {
  name: string;
  days: ShareDays;
  /** The link made for the current expiry, or null until made. */
  share: ShareResponse | null;
  busy: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);

  if (!share) {
    return (
      <Stack gap="md">
        <Text fz="sm" c="dimmed">{t('share.link.hint')}</Text>
        <Button radius="xl" leftSection={<IconLink size={18} />} loading={busy} onClick={onCreate} data-testid="share-create-link">
          {t('share.link.create')}
        </Button>
      </Stack>
    );
  }

  const copy = async () => {
    if (await copyText(share.share_url, field.current)) showToast(t('share.link.copied'), 'success');
  };
  const downloadQr = () => {
    if (!share.qr_images) return;
    startDownload(share.qr_images, qrFileName(name));
    showToast(t('share.link.qrDownloaded'), 'success');
  };

  return (
    <Stack gap="md">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={field}
          label={t('share.link.url')}
          value={share.share_url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="share-url"
        />
        <Button leftSection={<IconCopy size={18} />} onClick={() => void copy()} data-testid="share-copy-link">
          {t('share.link.copy')}
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" data-testid="share-link-expiry">
        {isPermanent(days) ? t('share.expiry.never') : t('share.expiry.until', { date: formatDate(share.expires_at) })}
      </Text>
      {share.qr_images && (
        <Stack gap="xs" align="center">
          <Image src={share.qr_images} alt={t('share.link.qrAlt')} w={168} h={168} fit="contain" data-testid="share-qr" />
          <Button variant="default" size="sm" leftSection={<IconDownload size={16} />} onClick={downloadQr} data-testid="share-download-qr">
            {t('share.link.downloadQr')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
