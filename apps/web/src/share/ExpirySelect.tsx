import { shareLimits } from '@pagewright/contracts';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { useSiteConfigStore } from '../app/siteConfig';
import { openPayDialog } from '../billing/payStore';
import { PremiumBadge } from '../limits/PremiumMark';
import { errorMessage } from '../toasts/errorToast';
import { chooseExpiry, expiryChoices, isPermanent, toShareDays, type ShareDays } from './shareExpiry';

const labelKeys = {
  1: 'share.expiry.oneDay',
  3: 'share.expiry.threeDays',
  7: 'share.expiry.sevenDays',
  [shareLimits.permanentDays]: 'share.expiry.permanent',
} as const satisfies Record<ShareDays, string>;

/** Whether a permanent link needs an upgrade for this user on this server (SPEC §5, §6). */
function usePermanentNeedsPremium(): boolean {
  const { pay } = useAccount();
  // Until the configuration is read, the spec's rule holds: permanent is Premium's.
  const premiumOnly = useSiteConfigStore((s) => s.config?.share_permanent_premium_only ?? true);
  return premiumOnly && !pay;
}

/**
 * The link's expiry (SPEC §4): 1, 3 or 7 days or permanent. Permanent carries the Premium
 * badge; a user without Premium who picks it is offered the upgrade and keeps their expiry.
 */
export function ExpirySelect({ days, onChange }: { days: ShareDays; onChange: (days: ShareDays) => void }) {
  const { t } = useTranslation();
  const needsPremium = usePermanentNeedsPremium();
  const pick = (value: string | null) => {
    const picked = toShareDays(value);
    if (picked === null) return;
    const choice = chooseExpiry(days, picked, !needsPremium);
    if (choice.paywall) openPayDialog('upgrade');
    onChange(choice.days);
  };
  return (
    <Stack gap={6}>
      <Select
        label={t('share.expiry.label')}
        value={String(days)}
        onChange={pick}
        allowDeselect={false}
        data={expiryChoices.map((d) => ({ value: String(d), label: t(labelKeys[d]) }))}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <span>{option.label}</span>
            {isPermanent(Number(option.value)) && needsPremium && <PremiumBadge />}
          </Group>
        )}
        data-testid="share-expiry"
      />
      {needsPremium && (
        <Group gap={8} wrap="nowrap" align="flex-start" data-testid="share-premium-mark">
          <PremiumBadge />
          <Text fz="xs" c="dimmed">{errorMessage('SHARE_PREMIUM_ONLY')}</Text>
        </Group>
      )}
    </Stack>
  );
}
