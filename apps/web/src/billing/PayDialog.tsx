import type { BillingCycle, PlanName } from '@pagewright/contracts';
import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCrown, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toApiError } from '../api/ApiError';
import { appHomePath, languagePrefixOf, useLocalizedPath } from '../app/paths';
import { errorMessage } from '../toasts/errorToast';
import { useAccount } from '../account/accountStore';
import { checkout } from './checkout';
import { closeHides, isAiGuide, type PayGuide } from './payGuides';
import { usePayDialog } from './payStore';
import { formatPrice, monthlyShare, pricingLanguageOf } from './priceFormat';
import { usePrices } from './usePrices';

function planOf(guide: PayGuide, cycle: BillingCycle): PlanName {
  if (isAiGuide(guide)) return 'AI_Upgrade';
  return cycle === 'year' ? 'Yearly_Plan' : 'Monthly_Plan';
}

/**
 * The pay dialog of SPEC §4 and §8: opened with a guide where a limit is met, it says why and
 * offers the plan that lifts the limit, monthly or annual. Closing resets the payment state;
 * the 'ocr' guide guards a premium-only tool and stays until the user upgrades or leaves.
 */
export function PayDialog() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const { opened, guide, payment, close, hide, setPayment } = usePayDialog();
  const { pay } = useAccount();
  const lang = pricingLanguageOf(languagePrefixOf(pathname));
  const prices = usePrices(lang, opened);
  const [cycle, setCycle] = useState<BillingCycle>('year');

  // The dialog belongs to the page it opened on; leaving that page hides it, 'ocr' included.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) hide();
    shownOn.current = pathname;
  }, [pathname, hide]);
  useEffect(() => hide, [hide]);

  const plan = planOf(guide, cycle);
  const closable = closeHides(guide);

  const upgrade = () => {
    setPayment({ status: 'checkingOut' });
    checkout(plan, cycle, lang).then(
      (outcome) => { if (outcome !== 'redirected') setPayment({ status: 'idle' }); },
      (error: unknown) => setPayment({ status: 'failed', errorCode: toApiError(error).code }),
    );
  };

  let price: string | null = null;
  if (prices.kind === 'loaded') {
    const { table, aiPlan, currency } = prices.prices;
    const money = (amount: number) => formatPrice(amount, currency, i18n.language);
    if (plan === 'AI_Upgrade') {
      const amount = pay ? (cycle === 'year' ? table.annuallyUpgrade : table.monthlyUpgrade) : (cycle === 'year' ? aiPlan.annually : aiPlan.monthly);
      price = cycle === 'year' ? t('pay.pricePerYear', { price: money(amount) }) : t('pay.pricePerMonth', { price: money(amount) });
    } else {
      price = cycle === 'year'
        ? t('pay.priceYearly', { price: money(monthlyShare(table.annually, currency)), total: money(table.annually) })
        : t('pay.pricePerMonth', { price: money(table.monthly) });
    }
  }

  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }}
      opened={opened}
      onClose={close}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      centered
      radius="lg"
      size="md"
      title={null}
    >
      <Stack gap="md" align="center" ta="center" data-testid="pay-dialog" data-guide={guide}>
        <ThemeIcon size={56} radius="xl" variant="light" color={isAiGuide(guide) ? 'violet' : 'brand'} aria-hidden="true">
          {isAiGuide(guide) ? <IconSparkles size={30} /> : <IconCrown size={30} />}
        </ThemeIcon>
        <Title order={2} fz="xl">{t(`pay.guides.${guide}.title`)}</Title>
        <Text c="dimmed" fz="sm">{t(`pay.guides.${guide}.body`)}</Text>
        <SegmentedControl
          radius="xl"
          value={cycle}
          onChange={(value) => setCycle(value === 'month' ? 'month' : 'year')}
          data={[{ value: 'month', label: t('pricing.monthly') }, { value: 'year', label: t('pricing.annually') }]}
        />
        {prices.kind === 'loading' ? <Loader size="sm" /> : price && <Text fw={700} data-testid="pay-price">{price}</Text>}
        {payment.status === 'failed' && payment.errorCode !== undefined && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} w="100%" data-testid="pay-error">
            {errorMessage(payment.errorCode)}
          </Alert>
        )}
        <Button
          size="md"
          radius="xl"
          fullWidth
          color={isAiGuide(guide) ? 'violet' : undefined}
          loading={payment.status === 'checkingOut'}
          onClick={upgrade}
          data-testid="pay-checkout"
        >
          {isAiGuide(guide) ? t('pay.buyAi') : t('pay.buyPremium')}
        </Button>
        <Group gap="md" justify="center">
          <Button component={Link} to={localized('/pricing')} onClick={hide} variant="subtle" size="xs" data-testid="pay-see-plans">
            {t('pay.seePlans')}
          </Button>
          {!closable && (
            <Button component={Link} to={localized(appHomePath)} onClick={hide} variant="subtle" color="gray" size="xs" data-testid="pay-other-tools">
              {t('pay.otherTools')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
