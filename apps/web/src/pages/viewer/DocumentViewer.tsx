import type { DocumentInfo } from '@pagewright/contracts';
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageImageUrl } from '../../api/client';

const viewerDpi = 110;

/** Every page of an uploaded PDF as an image, loaded as it scrolls into view. */
export function DocumentViewer({ info, password }: { info: DocumentInfo; password?: string | undefined }) {
  const { t } = useTranslation();
  const pages = Array.from({ length: info.total_page }, (_, i) => i + 1);
  return (
    <Stack gap="lg" align="center" data-testid="document-viewer">
      {pages.map((page) => (
        <Paper key={page} shadow="sm" radius="sm" withBorder w="100%" maw={880} style={{ overflow: 'hidden' }}>
          <img
            src={pageImageUrl(info.file_id, page, viewerDpi, password)}
            alt={t('preview.pageAlt', { page })}
            loading={page <= 2 ? 'eager' : 'lazy'}
            width={Math.round(info.page_w)}
            height={Math.round(info.page_h)}
            style={{ display: 'block', width: '100%', height: 'auto', background: 'white' }}
          />
          <Text ta="center" fz="xs" c="dimmed" py={4}>{t('preview.pageOf', { page, total: info.total_page })}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
