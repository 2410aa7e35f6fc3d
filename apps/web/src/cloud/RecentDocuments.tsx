import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFile, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { formatDateTime } from '../i18n/format';
import { listRecent } from './cloudApi';
import { editorPath } from './CloudItems';
import { isPdfName } from './names';
import { useCloudKeys } from './useCloudKeys';

/** The few most recent cloud documents, for the account centre: a PDF opens in the editor. */
export function RecentDocuments({ limit }: { limit: number }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const cloudKeys = useCloudKeys();
  const recent = useQuery({ queryKey: cloudKeys.recent, queryFn: ({ signal }) => listRecent(signal) });
  if (recent.isPending) return <Loader size="sm" />;
  if (recent.isError) return <Text fz="sm" c="red.8">{t('cloud.account.loadFailed')}</Text>;
  const documents = recent.data.slice(0, limit);
  if (documents.length === 0) return <Text fz="sm" c="dimmed" data-testid="account-recent-empty">{t('cloud.account.recentEmpty')}</Text>;
  return (
    <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="account-recent">
      {documents.map((document) => {
        const pdf = isPdfName(document.name);
        const Icon = pdf ? IconFileTypePdf : IconFile;
        return (
          <Group key={document.file_id} component="li" gap="sm" wrap="nowrap" data-testid="account-recent-item">
            <Icon size={20} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden="true" style={{ flex: 'none' }} />
            <Anchor
              component={Link}
              to={localized(pdf ? editorPath(document) : '/app/document-cloud')}
              fz="sm"
              fw={500}
              truncate
              style={{ flex: 1, minWidth: 0 }}
            >
              {document.name}
            </Anchor>
            <Text fz="xs" c="dimmed" style={{ flex: 'none' }}>{formatDateTime(document.opened_at ?? document.updated_at)}</Text>
          </Group>
        );
      })}
    </Stack>
  );
}
