import { Badge, Group, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { useSiteConfigStore } from '../app/siteConfig';
import { errorMessage } from '../toasts/errorToast';

/** Whether OCR needs an upgrade for this visitor on this server (SPEC §6: OCR is premium-only). */
export function useOcrNeedsPremium(): boolean {
  const { pay } = useAccount();
  const premiumOnly = useSiteConfigStore((s) => s.config?.ocr_premium_only ?? false);
  return premiumOnly && !pay;
}

/** The Premium badge on an option that needs Premium (SPEC §6). */
export function PremiumBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="yellow"
      variant="light"
      // The light yellow's own text colour fails WCAG AA contrast on its background.
      styles={{ root: { flexShrink: 0, color: 'var(--mantine-color-dark-7)' } }}
      leftSection={<IconCrown size={12} color="var(--mantine-color-yellow-9)" aria-hidden="true" />}
    >
      {t('account.plans.premium')}
    </Badge>
  );
}

/**
 * Marks an option that needs Premium before the visitor picks it, so the upgrade prompt that
 * follows is no surprise (SPEC §6): a Premium badge and why.
 */
export function OcrPremiumMark() {
  if (!useOcrNeedsPremium()) return null;
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid="ocr-premium">
      <PremiumBadge />
      <Text fz="xs" c="dimmed">{errorMessage('OCR_PREMIUM_ONLY')}</Text>
    </Group>
  );
}
