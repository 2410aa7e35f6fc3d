import { Button, Group, Paper, Progress, Skeleton, Text } from '@mantine/core';
import { IconCloud } from '@tabler/icons-react';
import { cloudLimits } from '@pagewright/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { formatFileSize } from '../i18n/format';
import { CapacityDialog } from './CapacityDialog';
import { capacityNumbers, capacityOffer, formatGigabytes, usedPercent } from './capacity';
import { getCapacity } from './cloudApi';
import { useCloudKeys } from './useCloudKeys';

/**
 * 'x.x GB of y GB' with a bar, and the offer for more room: Expand under 10 GB (the free
 * expansion), Get more space from 10 GB (the store).
 */
export function CapacityBar() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const [expanding, setExpanding] = useState(false);
  const cloudKeys = useCloudKeys();
  const capacity = useQuery({ queryKey: cloudKeys.capacity, queryFn: ({ signal }) => getCapacity(signal) });
  if (capacity.isError) return null;
  if (!capacity.data) return <Skeleton h={58} radius="md" />;

  const numbers = capacityNumbers(capacity.data);
  const percent = usedPercent(capacity.data);
  const offer = capacityOffer(capacity.data);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cloud-capacity" data-used={capacity.data.already_capacity} data-total={capacity.data.total_capacity}>
      <Group gap="xs" wrap="nowrap">
        <IconCloud size={18} aria-hidden="true" color="var(--mantine-color-dimmed)" style={{ flex: 'none' }} />
        <Text fz="sm" title={formatFileSize(capacity.data.already_capacity)} data-testid="cloud-capacity-text">
          {t('cloud.capacity.usage', numbers)}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={percent >= 90 ? 'red.8' : 'brand'}
        size="sm"
        radius="xl"
        mt={8}
        aria-label={t('cloud.capacity.label')}
      />
      <Group justify="space-between" align="center" gap="xs" mt={8} wrap="wrap">
        <Text fz="xs" c="dimmed">
          {offer === 'expand' ? t('cloud.capacity.expandHint', { size: formatGigabytes(cloudLimits.freeSpace, 0) }) : ''}
        </Text>
        {offer === 'expand' ? (
          <Button size="compact-sm" variant="light" radius="xl" onClick={() => setExpanding(true)} data-testid="capacity-expand">
            {t('cloud.capacity.expand')}
          </Button>
        ) : (
          <Button size="compact-sm" variant="light" radius="xl" component={Link} to={localized('/pricing')} data-testid="capacity-more">
            {t('cloud.capacity.more')}
          </Button>
        )}
      </Group>
      <CapacityDialog reason={expanding ? 'expand' : null} offer={offer} onClose={() => setExpanding(false)} />
    </Paper>
  );
}
