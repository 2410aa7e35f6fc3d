import { timing } from '@pagewright/contracts';
import { Box, Button, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccountStore } from '../account/accountStore';
import { refreshUser } from '../account/session';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { getSubscription } from './billingApi';
import { checkoutReturnPath } from './checkout';
import { loadPricingGroup } from './pricingGroup';
import { trackPurchase } from './purchaseTracking';

/** How long the page waits for the provider's webhook to grant the plan. */
const waitForGrantMs = 60_000;

/**
 * Where Stripe sends the browser after payment (/app/checkout/done?checkout_id=). The plan is
 * granted by the signed webhook, which may land a moment later, so the page asks for the
 * user's plans every poll interval until one is active; then it reads the user info again and
 * sends the purchase tracking log (SPEC §3).
 */
export default function CheckoutDonePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pricing.done.title'));
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout_id') ?? '';
  const ready = useAccountStore((s) => s.ready);
  const [phase, setPhase] = useState<'waiting' | 'active' | 'pending'>('waiting');

  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const summary = await getSubscription(controller.signal).catch(() => null);
      if (controller.signal.aborted) return;
      if (summary?.subscriptions.some((s) => s.status === 'active')) {
        const user = await refreshUser();
        await loadPricingGroup();
        if (user) await trackPurchase(checkoutId, user.user_id, useAccountStore.getState().group);
        setPhase('active');
      } else if (Date.now() - started >= waitForGrantMs) {
        setPhase('pending');
      } else {
        timer = setTimeout(() => void check(), timing.taskPollIntervalMs);
      }
    };
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [checkoutId, ready]);

  return (
    <Box maw={560} mx="auto" px={{ base: 14, sm: 24 }} py={40}>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md" align="center" ta="center" data-testid="checkout-done" data-phase={phase}>
          {phase === 'waiting' ? <Loader /> : (
            <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden="true"><IconCheck size={28} /></ThemeIcon>
          )}
          <Title order={1} fz="xl">{t('pricing.done.title')}</Title>
          <Text c="dimmed">{t(`pricing.done.${phase}`)}</Text>
          {phase !== 'waiting' && (
            <Button component={Link} to={checkoutReturnPath()} radius="xl">{t('pricing.demo.continue')}</Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
