import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCloudPlus } from '@tabler/icons-react';
import { cloudLimits } from '@pagewright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { formatGigabytes, type CapacityOffer } from './capacity';
import { receiveCapacity } from './cloudApi';
import { useCloudKeys } from './useCloudKeys';

/**
 * The capacity dialog of SPEC §8 and §9: opened by the capacity bar's Expand, or when a
 * document does not fit ('full'). Under 10 GB it takes the free expansion; from 10 GB it leads
 * to the store.
 */
export function CapacityDialog({ reason, offer, onClose }: {
  /** null while closed. */
  reason: 'expand' | 'full' | null;
  offer: CapacityOffer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const client = useQueryClient();
  const cloudKeys = useCloudKeys();
  const free = formatGigabytes(cloudLimits.freeSpace, 0);
  const expand = useMutation({
    mutationFn: receiveCapacity,
    onSuccess: async (capacity) => {
      client.setQueryData(cloudKeys.capacity, capacity);
      await client.invalidateQueries({ queryKey: cloudKeys.capacity });
      showToast(t('cloud.capacity.expanded', { total: formatGigabytes(capacity.total_capacity, 0) }), 'success');
      onClose();
    },
    onError: showErrorToast,
  });
  const title = reason === 'full' ? t('cloud.capacity.fullTitle') : t('cloud.capacity.expandTitle', { size: free });
  return (
    <Modal
      opened={reason !== null}
      onClose={onClose}
      title={<Group gap="xs" wrap="nowrap"><IconCloudPlus size={20} aria-hidden="true" /><Text fw={700}>{title}</Text></Group>}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="md" data-testid="capacity-dialog" data-offer={offer}>
        {reason === 'full' && <Text>{errorMessage('CLOUD_CAPACITY_EXCEEDED')}</Text>}
        <Text fz="sm" c="dimmed">{offer === 'expand' ? t('cloud.capacity.expandBody', { size: free }) : t('cloud.capacity.storeBody')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('cloud.cancel')}</Button>
          {offer === 'expand' ? (
            <Button onClick={() => expand.mutate()} loading={expand.isPending} data-testid="capacity-expand-confirm">
              {t('cloud.capacity.expandAction', { size: free })}
            </Button>
          ) : (
            <Button component={Link} to={localized('/pricing')} onClick={onClose} data-testid="capacity-store">
              {t('cloud.capacity.more')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
