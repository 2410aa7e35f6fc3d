import { Avatar, Badge, Button, Card, Center, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFolder, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { useDocumentTitle } from '../app/useDocumentTitle';
import type { SubscriptionResponse } from '@pagewright/contracts';
import { getSubscription } from '../billing/billingApi';
import { CapacityBar } from '../cloud/CapacityBar';
import { RecentDocuments } from '../cloud/RecentDocuments';
import { SharesList } from '../share/SharesList';
import { formatDate } from '../i18n/format';
import { getUsage } from './accountApi';
import { useAccount } from './accountStore';
import { openLogin } from './loginDialog';
import { signOut } from './session';
import { displayName, planLabelKey } from './userLabels';

/**
 * /app/account, the account centre of SPEC §2: profile, plan, usage, and the recent files of the
 * document cloud with its capacity.
 */
export default function AccountCentrePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.centre'));
  const localized = useLocalizedPath();
  const { user, pay, ready } = useAccount();
  const usage = useQuery({ queryKey: ['account', 'usage', user?.user_id], queryFn: getUsage, enabled: user !== null });
  const subscription = useQuery({
    queryKey: ['account', 'subscription', user?.user_id],
    queryFn: ({ signal }) => getSubscription(signal),
    enabled: user !== null && pay,
  });

  if (!ready) return <Center py={80}><Loader /></Center>;
  if (!user) {
    return (
      <Container size={460} py={64}>
        <Stack align="center" gap="md">
          <Title order={1} fz={24}>{t('account.centre')}</Title>
          <Text c="dimmed">{t('account.signInPrompt')}</Text>
          <Button radius="xl" onClick={() => void openLogin()}>{t('login.button')}</Button>
        </Stack>
      </Container>
    );
  }

  const name = displayName(user);
  return (
    <Container size="md" py={{ base: 24, sm: 36 }} data-testid="account-centre">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="xl">{t('account.centre')}</Title>
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" wrap="wrap" gap="md">
            <Group gap="md" wrap="nowrap">
              <Avatar src={user.avatar || null} name={name} alt={name} color="brand" radius="xl" size="lg" />
              <div>
                <Text fw={700} data-testid="account-name">{name}</Text>
                {/* Without a name the name line is the email already. */}
                {name !== user.email && <Text fz="sm" c="dimmed" data-testid="account-email">{user.email}</Text>}
              </div>
            </Group>
            <Button variant="default" radius="xl" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
              {t('account.signOut')}
            </Button>
          </Group>
        </Card>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card withBorder radius="lg" padding="lg">
            <Text fz="sm" c="dimmed" mb={6}>{t('account.currentPlan')}</Text>
            <Group justify="space-between">
              <Badge size="lg" variant="light" data-testid="account-plan">{t(planLabelKey(user))}</Badge>
              {!pay && (
                <Button component={Link} to={localized('/pricing')} radius="xl" size="xs">{t('account.upgrade')}</Button>
              )}
            </Group>
            {pay && subscription.data && <PlanPeriod summary={subscription.data} />}
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <Text fz="sm" c="dimmed" mb={6}>{t('account.usageTitle')}</Text>
            {usage.data ? (
              <Group gap="xl">
                <div>
                  <Text fz={24} fw={700} data-testid="usage-today">{usage.data.tasks_today}</Text>
                  <Text fz="xs" c="dimmed">{t('account.usageToday')}</Text>
                </div>
                <div>
                  <Text fz={24} fw={700} data-testid="usage-month">{usage.data.tasks_month}</Text>
                  <Text fz="xs" c="dimmed">{t('account.usageMonth')}</Text>
                </div>
              </Group>
            ) : usage.isError ? (
              <Text fz="sm" c="red">{t('account.usageFailed')}</Text>
            ) : (
              <Loader size="sm" />
            )}
          </Card>
        </SimpleGrid>

        <Card withBorder radius="lg" padding="lg" data-testid="account-cloud">
          <Group justify="space-between" wrap="wrap" mb="md">
            <div>
              <Text fw={600}>{t('account.recentFiles')}</Text>
              <Text fz="sm" c="dimmed">{t('account.recentFilesHint')}</Text>
            </div>
            <Button component={Link} to={localized('/app/document-cloud')} variant="light" radius="xl" leftSection={<IconFolder size={16} />} data-testid="recent-files">
              {t('cloud.account.open')}
            </Button>
          </Group>
          <Stack gap="md">
            <RecentDocuments limit={5} />
            <CapacityBar />
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg" data-testid="account-shares">
          <SharesList />
        </Card>
      </Stack>
    </Container>
  );
}

/**
 * The active plan's next date: when a Stripe subscription renews, when any other plan (a grant,
 * the demo checkout, a canceled subscription) ends, or that it has no end.
 */
function PlanPeriod({ summary }: { summary: SubscriptionResponse }) {
  const { t } = useTranslation();
  const active = summary.subscriptions.find((s) => s.status === 'active');
  if (!active) return null;
  let text: string;
  if (active.expires_at === null) text = t('account.noEndDate');
  else if (active.provider === 'stripe' && !active.trial) text = t('account.renewsOn', { date: formatDate(active.expires_at) });
  else text = t('account.endsOn', { date: formatDate(active.expires_at) });
  return <Text fz="sm" c="dimmed" mt={8} data-testid="account-plan-period">{text}</Text>;
}
