import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Previous and next page buttons around "Page n of m". */
export function PageNav({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify="center" data-testid="page-nav">
      <ActionIcon variant="default" onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label={t('preview.previous')} data-testid="page-prev">
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text fz="sm" fw={600} data-testid="page-label">{t('preview.pageOf', { page, total })}</Text>
      <ActionIcon variant="default" onClick={() => onChange(page + 1)} disabled={page >= total} aria-label={t('preview.next')} data-testid="page-next">
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
