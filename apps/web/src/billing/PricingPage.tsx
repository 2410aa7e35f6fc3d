import {
  fileLimitTable, limitsFor, paidLimits, type BillingCycle, type PlanName, type PricesResponse, type PricingGroup,
} from '@pagewright/contracts';
import {
  Alert, Badge, Button, Card, Container, Group, List, Loader, SegmentedControl, SimpleGrid, Stack, Text, ThemeIcon, Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCrown, IconGift, IconSparkles } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAccount } from '../account/accountStore';
import { languagePrefixOf } from '../app/paths';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { formatFileSize } from '../i18n/format';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { checkout } from './checkout';
import { formatPrice, monthlyShare, pricingLanguageOf, savingPercent } from './priceFormat';
import { usePrices } from './usePrices';

/**
 * The pricing page of SPEC §2 and §9 (/pricing, /de/pricing, ...): Free, Premium and the AI
 * plan, monthly or annual, in the currency of the page's language and at the prices of the
 * caller's pricing group, and the 7-day trial while the user has not used it. The buy
 * buttons of §6 are hidden for users who have the plan.
 */
export default function PricingPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pricing.title'));
  const lang = pricingLanguageOf(languagePrefixOf(useLocation().pathname));
  const state = usePrices(lang);
  const [cycle, setCycle] = useState<BillingCycle>('year');
  const [buying, setBuying] = useState<PlanName | null>(null);

  const buy = (plan: PlanName, planCycle: BillingCycle) => {
    setBuying(plan);
    checkout(plan, planCycle, lang).then(
      (outcome) => { if (outcome !== 'redirected') setBuying(null); },
      (error: unknown) => {
        setBuying(null);
        showErrorToast(error);
      },
    );
  };

  return (
    <Container size="lg" py={{ base: 40, sm: 64 }} data-testid="pricing-page" data-lang={lang}>
      <Stack align="center" gap="sm" ta="center" mb="xl">
        <Title order={1} fz={{ base: 30, sm: 40 }}>{t('pricing.title')}</Title>
        <Text c="dimmed" maw={620}>{t('pricing.subtitle')}</Text>
        <SegmentedControl
          mt="sm"
          radius="xl"
          value={cycle}
          onChange={(value) => setCycle(value === 'month' ? 'month' : 'year')}
          data={[
            { value: 'month', label: t('pricing.monthly') },
            { value: 'year', label: t('pricing.annually') },
          ]}
          data-testid="pricing-cycle"
        />
      </Stack>
      {state.kind === 'loading' && <Group justify="center" py="xl"><Loader /></Group>}
      {state.kind === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="pricing-error">
          {errorMessage(state.code)}
        </Alert>
      )}
      {state.kind === 'loaded' && (
        <PlanCards prices={state.prices} cycle={cycle} locale={i18n.language} buying={buying} onBuy={buy} />
      )}
    </Container>
  );
}

interface CardsProps {
  prices: PricesResponse;
  cycle: BillingCycle;
  locale: string;
  buying: PlanName | null;
  onBuy: (plan: PlanName, cycle: BillingCycle) => void;
}

function PlanCards({ prices, cycle, locale, buying, onBuy }: CardsProps) {
  const { t } = useTranslation();
  const { pay, ai } = useAccount();
  const { table, aiPlan, trial, currency, group } = prices;
  const money = (amount: number) => formatPrice(amount, currency, locale);
  const yearly = cycle === 'year';
  const premiumPlan: PlanName = yearly ? 'Yearly_Plan' : 'Monthly_Plan';
  // A Premium user adds AI at the upgrade price (SPEC §3 monthlyUpgrade, annuallyUpgrade).
  const aiPrice = pay ? (yearly ? table.annuallyUpgrade : table.monthlyUpgrade) : (yearly ? aiPlan.annually : aiPlan.monthly);
  const features = usePlanFeatures(group);

  return (
    <Stack gap={48}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <PlanCard
          testId="plan-free"
          icon={<IconGift size={22} />}
          name={t('pricing.free.name')}
          price={<PriceLine testId="price-free" amount={money(0)} per={t('pricing.perMonth')} />}
          features={features.free}
          action={<Button variant="default" radius="xl" fullWidth disabled>{pay ? t('pricing.included') : t('pricing.currentFree')}</Button>}
        />
        <PlanCard
          testId="plan-premium"
          highlight
          icon={<IconCrown size={22} />}
          name={t('pricing.premium.name')}
          badge={yearly ? t('pricing.save', { percent: savingPercent(table.annually, table.proYVirtual) }) : undefined}
          price={yearly ? (
            <PriceLine
              testId="price-premium"
              amount={money(monthlyShare(table.annually, currency))}
              per={t('pricing.perMonth')}
              note={t('pricing.billedYearly', { price: money(table.annually) })}
              was={money(table.proYVirtual)}
            />
          ) : <PriceLine testId="price-premium" amount={money(table.monthly)} per={t('pricing.perMonth')} />}
          features={features.premium}
          action={pay ? <CurrentPlan testId="premium-current" /> : (
            <Button radius="xl" fullWidth loading={buying === premiumPlan} onClick={() => onBuy(premiumPlan, cycle)} data-testid="buy-premium">
              {t('pricing.premium.buy')}
            </Button>
          )}
        />
        <PlanCard
          testId="plan-ai"
          icon={<IconSparkles size={22} />}
          name={t('pricing.ai.name')}
          badge={pay ? t('pricing.ai.upgradeBadge') : undefined}
          price={<PriceLine testId="price-ai" amount={money(aiPrice)} per={yearly ? t('pricing.perYear') : t('pricing.perMonth')} />}
          features={features.ai}
          action={ai ? <CurrentPlan testId="ai-current" /> : (
            <Button radius="xl" fullWidth color="violet" loading={buying === 'AI_Upgrade'} onClick={() => onBuy('AI_Upgrade', cycle)} data-testid="buy-ai">
              {pay ? t('pricing.ai.upgrade') : t('pricing.ai.buy')}
            </Button>
          )}
        />
      </SimpleGrid>
      {trial.available && !pay && (
        <Stack gap="md" data-testid="pricing-trial">
          <Stack gap={4} align="center" ta="center">
            <Title order={2} fz={{ base: 22, sm: 28 }}>{t('pricing.trial.title', { days: trial.days })}</Title>
            <Text c="dimmed">{t('pricing.trial.subtitle')}</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <TrialCard
              plan="basic_plan"
              name={t('pricing.trial.basic')}
              body={t('pricing.trial.basicBody')}
              price={money(trial.basic)}
              renewal={money(trial.basicRenewal)}
              days={trial.days}
              busy={buying === 'basic_plan'}
              onBuy={onBuy}
            />
            <TrialCard
              plan="advanced_plan"
              name={t('pricing.trial.advanced')}
              body={t('pricing.trial.advancedBody')}
              price={money(trial.advanced)}
              renewal={money(trial.advancedRenewal)}
              days={trial.days}
              busy={buying === 'advanced_plan'}
              onBuy={onBuy}
            />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

/** What each plan gives, from the contracts limits table for the caller's group (SPEC §9). */
function usePlanFeatures(group: PricingGroup): Record<'free' | 'premium' | 'ai', string[]> {
  const { t } = useTranslation();
  const free = limitsFor('PDF', 'free', group);
  const premium = limitsFor('PDF', 'premium', group);
  const aiRow = limitsFor('ChatPDF', 'ai', group);
  return {
    free: [
      t('pricing.features.fileSize', { size: formatFileSize(free.fileSize) }),
      t('pricing.features.pages', { count: free.pages }),
      t('pricing.features.guestTasks'),
      t('pricing.features.detector', { count: free.detectorCharactersPerMonth }),
    ],
    premium: [
      t('pricing.features.fileSize', { size: formatFileSize(premium.fileSize) }),
      t('pricing.features.pages', { count: premium.pages }),
      t('pricing.features.ocr', { size: formatFileSize(fileLimitTable.OCR[group].upgraded.fileSize) }),
      t('pricing.features.noDailyLimit'),
      t('pricing.features.permanentShare'),
    ],
    ai: [
      t('pricing.features.aiTokens', { count: aiRow.aiTokens }),
      t('pricing.features.questions', { count: paidLimits.chatQuestionsPerMonth }),
      t('pricing.features.detector', { count: paidLimits.detectorCharsPerMonth }),
      t('pricing.features.aiFileSize', { size: formatFileSize(aiRow.fileSize) }),
    ],
  };
}

function PlanCard({ testId, icon, name, badge, price, features, action, highlight = false }: {
  testId: string;
  icon: ReactNode;
  name: string;
  badge?: string | undefined;
  price: ReactNode;
  features: string[];
  action: ReactNode;
  highlight?: boolean;
}) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow={highlight ? 'md' : undefined} data-testid={testId}
      style={highlight ? { borderColor: 'var(--mantine-color-brand-5)', borderWidth: 2 } : undefined}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">{icon}</ThemeIcon>
            <Title order={2} fz="xl">{name}</Title>
          </Group>
          {badge && <Badge variant="filled" color="teal.9">{badge}</Badge>}
        </Group>
        {price}
        <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />} style={{ flex: 1 }}>
          {features.map((feature) => <List.Item key={feature}>{feature}</List.Item>)}
        </List>
        {action}
      </Stack>
    </Card>
  );
}

function PriceLine({ testId, amount, per, note, was }: { testId: string; amount: string; per: string; note?: string; was?: string }) {
  return (
    <Stack gap={2}>
      <Group gap={6} align="baseline">
        <Text fz={34} fw={800} lh={1.1} data-testid={testId}>{amount}</Text>
        <Text c="dimmed" fz="sm">{per}</Text>
      </Group>
      {note && (
        <Text fz="sm" c="dimmed">
          {was && <Text span td="line-through" mr={6}>{was}</Text>}
          {note}
        </Text>
      )}
    </Stack>
  );
}

function CurrentPlan({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return <Button variant="light" color="teal" radius="xl" fullWidth disabled data-testid={testId}>{t('pricing.currentPlan')}</Button>;
}

function TrialCard({ plan, name, body, price, renewal, days, busy, onBuy }: {
  plan: PlanName;
  name: string;
  body: string;
  price: string;
  renewal: string;
  days: number;
  busy: boolean;
  onBuy: (plan: PlanName, cycle: BillingCycle) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={`trial-${plan}`}>
      <Stack gap="xs">
        <Text fw={700} fz="lg">{name}</Text>
        <Text fz="sm" c="dimmed">{body}</Text>
        <Text fz="sm" data-testid={`trial-price-${plan}`}>{t('pricing.trial.price', { price, days, renewal })}</Text>
        <Button variant="light" radius="xl" loading={busy} onClick={() => onBuy(plan, 'year')} data-testid={`buy-${plan}`}>
          {t('pricing.trial.start', { days })}
        </Button>
      </Stack>
    </Card>
  );
}
