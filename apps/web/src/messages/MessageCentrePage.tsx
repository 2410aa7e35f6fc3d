import {
  ActionIcon, Alert, Avatar, Badge, Box, Button, Card, Center, Container, Group, Loader, SegmentedControl, Stack, Tabs, Text,
  Title, Tooltip, VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconChecks, IconHistory, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@pagewright/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { formatDateTime } from '../i18n/format';
import { showErrorToast } from '../toasts/errorToast';
import { HistoryDialog } from './HistoryDialog';
import { listMessages, markAllRead, markRead, type MessageTab } from './messagesApi';
import { readerOf, unreadBadge } from './messageView';
import { unreadQueryKey, useUnreadCounts } from './useUnreadCounts';

// The page lives under the marketing layout, which keeps no query client of its own.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** /message, the message centre of SPEC §2: Message and Info tabs, Unread/All, mark all read, History. */
export default function MessageCentrePage() {
  return (
    <QueryClientProvider client={queryClient}>
      <MessageCentre />
    </QueryClientProvider>
  );
}

function MessageCentre() {
  const { t } = useTranslation();
  useDocumentTitle(t('messages.title'));
  const { user, ready } = useAccount();
  const reader = readerOf(user);
  const [tab, setTab] = useState<MessageTab>(1);
  const [filter, setFilter] = useState<'unread' | 'all'>('all');
  const [history, setHistory] = useState<Message | null>(null);
  const client = useQueryClient();
  const counts = useUnreadCounts(reader, ready);
  const listKey = ['messages', 'list', reader, tab, filter] as const;
  const messages = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => listMessages(reader, tab, filter === 'unread', signal),
    enabled: ready,
  });
  const refresh = () => Promise.all([
    client.invalidateQueries({ queryKey: ['messages', 'list'] }),
    client.invalidateQueries({ queryKey: unreadQueryKey(reader) }),
  ]);
  const markAll = useMutation({ mutationFn: () => markAllRead(reader, tab), onSuccess: refresh, onError: showErrorToast });
  const markOne = useMutation({ mutationFn: (id: string) => markRead(reader, tab, [id]), onSuccess: refresh, onError: showErrorToast });

  const openHistory = (m: Message) => {
    setHistory(m);
    if (m.is_read === 0) markOne.mutate(m.user_msg_id);
  };

  const unreadOf = (which: MessageTab) => (which === 1 ? counts.data?.unread_msg_count : counts.data?.unread_system_count) ?? 0;
  const tabLabel = (which: MessageTab, label: string, icon: ReactNode) => {
    const badge = unreadBadge(unreadOf(which));
    return (
      <Tabs.Tab value={String(which)} leftSection={icon} rightSection={badge && (
        <Badge size="sm" color="red.8" circle={badge.length < 3} data-testid={`unread-tab-${which}`}>{badge}</Badge>
      )}>
        {label}
      </Tabs.Tab>
    );
  };

  const list = messages.data?.list ?? [];
  const hasUnread = unreadOf(tab) > 0;
  return (
    <Container size="md" py={{ base: 24, sm: 40 }} data-testid="message-centre">
      <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 30 }}>{t('messages.title')}</Title>
        <Group gap="sm">
          <SegmentedControl
            value={filter}
            onChange={(v) => setFilter(v === 'unread' ? 'unread' : 'all')}
            data={[{ value: 'unread', label: t('messages.unread') }, { value: 'all', label: t('messages.all') }]}
            aria-label={t('messages.filter')}
            data-testid="message-filter"
          />
          <Button
            variant="light"
            radius="xl"
            leftSection={<IconChecks size={16} />}
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={!hasUnread}
            data-testid="mark-all-read"
          >
            {t('messages.markAllRead')}
          </Button>
        </Group>
      </Group>
      <Tabs value={String(tab)} onChange={(v) => setTab(v === '2' ? 2 : 1)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabLabel(1, t('messages.tabMessage'), <IconMail size={16} />)}
          {tabLabel(2, t('messages.tabInfo'), <IconInfoCircle size={16} />)}
        </Tabs.List>
      </Tabs>
      {messages.isPending ? (
        <Center py={60}><Loader /></Center>
      ) : messages.isError ? (
        <Alert color="red" variant="light">{t('messages.loadFailed')}</Alert>
      ) : list.length === 0 ? (
        <Stack align="center" py={60} gap="xs" data-testid="messages-empty">
          <IconBell size={40} stroke={1.3} color="var(--mantine-color-gray-5)" aria-hidden="true" />
          <Text c="dimmed">{filter === 'unread' ? t('messages.noUnread') : t('messages.none')}</Text>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="message-list">
          {list.map((m) => (
            <MessageRow key={m.user_msg_id} message={m} onHistory={() => openHistory(m)} onRead={() => markOne.mutate(m.user_msg_id)} />
          ))}
        </Stack>
      )}
      <HistoryDialog message={history} onClose={() => setHistory(null)} />
    </Container>
  );
}

function MessageRow({ message, onHistory, onRead }: { message: Message; onHistory: () => void; onRead: () => void }) {
  const { t } = useTranslation();
  const unread = message.is_read === 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="message-item" data-unread={unread ? 'true' : 'false'}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Avatar src={message.icon_url || null} radius="xl" color="brand" alt="">
          {message.template_type === 2 ? <IconInfoCircle size={20} /> : <IconMail size={20} />}
        </Avatar>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            {unread && (
              <>
                <Box w={8} h={8} bg="red.8" style={{ borderRadius: '50%', flex: 'none' }} aria-hidden="true" />
                <VisuallyHidden>{t('messages.unreadMark')}</VisuallyHidden>
              </>
            )}
            <Text fw={unread ? 700 : 500} truncate>{message.title}</Text>
          </Group>
          <Text fz="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }}>{message.remark}</Text>
          <Text fz="xs" c="dimmed" mt={6}>{formatDateTime(message.create_time * 1000)}</Text>
        </Box>
        <Group gap={4} wrap="nowrap">
          {message.site_url && (
            <Button variant="subtle" size="xs" leftSection={<IconHistory size={14} />} onClick={onHistory} data-testid="message-history">
              {t('messages.history')}
            </Button>
          )}
          {unread && (
            <Tooltip label={t('messages.markRead')} withArrow>
              <ActionIcon variant="subtle" color="gray" onClick={onRead} aria-label={t('messages.markRead')}>
                <IconChecks size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Card>
  );
}
