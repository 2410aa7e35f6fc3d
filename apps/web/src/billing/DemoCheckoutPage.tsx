import type { DemoCheckoutInfo } from '@pagewright/contracts';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCreditCard } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toApiError, type ApiErrorCode } from '../api/ApiError';
import { useAccount, useAccountStore } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import { refreshUser } from '../account/session';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { errorMessage } from '../toasts/errorToast';
import { confirmDemoCheckout, getDemoCheckout } from './billingApi';
import { checkoutReturnPath } from './checkout';
import { loadPricingGroup } from './pricingGroup';
import { formatPrice } from './priceFormat';
import { trackPurchase } from './purchaseTracking';

type DemoState =
  | { kind: 'loading' }
  | { kind: 'order'; order: DemoCheckoutInfo; paying: boolean; error?: ApiErrorCode }
  | { kind: 'paid'; order: DemoCheckoutInfo }
  | { kind: 'failed'; code: ApiErrorCode };

/**
 * The local payment provider's checkout (/app/checkout/demo?checkout_id=): shows the order and
 * its confirm step, which grants the plan without taking money. Once paid, the user info is
 * read again, the purchase tracking log goes out (SPEC §3), and the user goes back to the page
 * the purchase started from.
 */
export default function DemoCheckoutPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pricing.demo.title'));
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout_id') ?? '';
  const { loggedIn, ready, user } = useAccount();
  const [state, setState] = useState<DemoState>({ kind: 'loading' });

  useEffect(() => {
    if (!ready || !loggedIn) return;
    const controller = new AbortController();
    getDemoCheckout(checkoutId, controller.signal).then(
      (order) => setState(order.status === 'active' ? { kind: 'paid', order } : { kind: 'order', order, paying: false }),
      (error: unknown) => { if (!controller.signal.aborted) setState({ kind: 'failed', code: toApiError(error).code }); },
    );
    return () => controller.abort();
  }, [checkoutId, ready, loggedIn, user?.user_id]);

  const pay = async (order: DemoCheckoutInfo) => {
    setState({ kind: 'order', order, paying: true });
    try {
      await confirmDemoCheckout(order.checkout_id);
    } catch (error) {
      setState({ kind: 'order', order, paying: false, error: toApiError(error).code });
      return;
    }
    const paidBy = await refreshUser();
    await loadPricingGroup();
    if (paidBy) await trackPurchase(order.checkout_id, paidBy.user_id, useAccountStore.getState().group);
    setState({ kind: 'paid', order });
  };

  let body;
  if (!ready) body = <Loader />;
  else if (!loggedIn) {
    body = (
      <Stack align="center" gap="md">
        <Text>{t('pricing.demo.signIn')}</Text>
        <Button radius="xl" onClick={() => void openLogin()} data-testid="checkout-sign-in">{t('limits.signIn')}</Button>
      </Stack>
    );
  } else if (state.kind === 'loading') body = <Loader />;
  else if (state.kind === 'failed') {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="checkout-error">
        {errorMessage(state.code)}
      </Alert>
    );
  } else {
    const { order } = state;
    const amount = formatPrice(order.amount, order.currency, i18n.language);
    body = (
      <Stack gap="md" align="center" ta="center">
        <Text fw={700} fz="lg" data-testid="checkout-plan">{t(`pricing.planNames.${order.plan}`)}</Text>
        <Text fz={32} fw={800} data-testid="checkout-amount">{amount}</Text>
        <Text c="dimmed" fz="sm">
          {order.trial ? t('pricing.demo.trialTerms') : t(order.cycle === 'year' ? 'pricing.demo.perYear' : 'pricing.demo.perMonth')}
        </Text>
        {state.kind === 'paid' ? (
          <Stack gap="sm" align="center" data-testid="checkout-paid">
            <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden="true"><IconCheck size={28} /></ThemeIcon>
            <Text fw={600}>{t('pricing.demo.paid', { plan: t(`pricing.planNames.${order.plan}`) })}</Text>
            <Button component={Link} to={checkoutReturnPath()} radius="xl" data-testid="checkout-continue">
              {t('pricing.demo.continue')}
            </Button>
          </Stack>
        ) : (
          <>
            {state.error !== undefined && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} w="100%" data-testid="checkout-error">
                {errorMessage(state.error)}
              </Alert>
            )}
            <Button size="lg" radius="xl" loading={state.paying} onClick={() => void pay(order)} data-testid="demo-pay">
              {t('pricing.demo.pay', { amount })}
            </Button>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Box maw={560} mx="auto" px={{ base: 14, sm: 24 }} py={40}>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true"><IconCreditCard size={24} /></ThemeIcon>
            <Stack gap={0}>
              <Title order={1} fz="xl">{t('pricing.demo.title')}</Title>
              <Text c="dimmed" fz="sm">{t('pricing.demo.notice')}</Text>
            </Stack>
          </Group>
          <Stack align="center">{body}</Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
