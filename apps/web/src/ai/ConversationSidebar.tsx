import type { ConversationSummary } from '@pagewright/contracts';
import { ActionIcon, Button, Group, Menu, Modal, Skeleton, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconDots, IconMessagePlus, IconPencil, IconPin, IconPinFilled, IconPinnedOff, IconShare, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';
import { ConfirmDeleteDialog } from '../layout/ConfirmDeleteDialog';
import { useDialogAction } from '../layout/useDialogAction';
import { copyText } from '../share/clipboard';
import { showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { deleteConversation, listConversations, pinConversation, renameConversation, shareConversation, timestampDate } from './aiApi';
import { useAiKeys } from './useAiKeys';
import classes from './ai.module.css';

/** The longest conversation title the server keeps (contracts conversationEdit). */
const titleMax = 120;

/**
 * The user's conversations, pinned first then the most recent (SPEC §2 "chat history"): open
 * one with its history, rename, pin, share as a read-only link (copied), delete after a
 * confirmation.
 */
export function ConversationSidebar({ activeId, onOpen, onNew, onDeleted }: {
  activeId: string | null;
  onOpen: (conversation: ConversationSummary) => void;
  onNew: () => void;
  onDeleted: (conversationId: string) => void;
}) {
  const { t } = useTranslation();
  const keys = useAiKeys();
  const client = useQueryClient();
  const list = useQuery({ queryKey: keys.conversations, queryFn: ({ signal }) => listConversations(signal) });
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: keys.conversations });

  const pin = (conversation: ConversationSummary) => {
    pinConversation(conversation.conversation_id, !conversation.top).then(refresh, showErrorToast);
  };
  const share = async (conversation: ConversationSummary) => {
    try {
      const url = await shareConversation(conversation.conversation_id);
      if (await copyText(url)) showToast(t('share.link.copied'), 'success');
      else showToast(url, 'info');
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <Stack gap="sm" data-testid="conversation-sidebar">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} fz="md">{t('ai.conversations.title')}</Title>
        <Button size="xs" variant="light" leftSection={<IconMessagePlus size={14} />} onClick={onNew} data-testid="conversation-new">
          {t('ai.conversations.new')}
        </Button>
      </Group>
      {list.isPending ? (
        <Stack gap={6}><Skeleton h={36} /><Skeleton h={36} /></Stack>
      ) : list.isError ? (
        <Text fz="sm" c="dimmed">{t('ai.conversations.failed')}</Text>
      ) : list.data.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="conversation-empty">{t('ai.conversations.empty')}</Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="conversation-list">
          {list.data.map((conversation) => (
            <Group
              key={conversation.conversation_id}
              component="li"
              gap={2}
              wrap="nowrap"
              data-testid="conversation-item"
              data-id={conversation.conversation_id}
              data-pinned={conversation.top || undefined}
            >
              <UnstyledButton
                className={classes.conversation}
                data-active={conversation.conversation_id === activeId || undefined}
                aria-current={conversation.conversation_id === activeId ? 'true' : undefined}
                onClick={() => onOpen(conversation)}
                data-testid="conversation-open"
              >
                <Group gap={4} wrap="nowrap">
                  {conversation.top && <IconPinFilled size={12} aria-label={t('ai.conversations.pinned')} />}
                  <Text fz="sm" fw={600} truncate>{conversation.title}</Text>
                </Group>
                <Text fz="xs" c="dimmed" truncate>{conversation.file_name} · {formatDate(timestampDate(conversation.updated_at))}</Text>
              </UnstyledButton>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('ai.conversations.actions', { title: conversation.title })} data-testid="conversation-menu">
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(conversation)} data-testid="conversation-rename">
                    {t('ai.conversations.rename')}
                  </Menu.Item>
                  <Menu.Item leftSection={conversation.top ? <IconPinnedOff size={14} /> : <IconPin size={14} />} onClick={() => pin(conversation)} data-testid="conversation-pin">
                    {conversation.top ? t('ai.conversations.unpin') : t('ai.conversations.pin')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconShare size={14} />} onClick={() => void share(conversation)} data-testid="conversation-share">
                    {t('ai.conversations.share')}
                  </Menu.Item>
                  <Menu.Item color="red.8" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(conversation)} data-testid="conversation-delete">
                    {t('ai.conversations.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          ))}
        </Stack>
      )}
      <RenameDialog
        conversation={renaming}
        onClose={() => setRenaming(null)}
        onRename={async (title) => {
          if (!renaming) return;
          await renameConversation(renaming.conversation_id, title);
          await refresh();
        }}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={t('ai.conversations.deleteTitle')}
        body={t('ai.conversations.deleteBody', { title: deleting?.title ?? '' })}
        cancelLabel={t('workspace.cancel')}
        confirmLabel={t('ai.conversations.delete')}
        testId="conversation-delete-dialog"
        confirmTestId="conversation-delete-confirm"
        onClose={() => setDeleting(null)}
        onDelete={async () => {
          if (!deleting) return;
          await deleteConversation(deleting.conversation_id);
          onDeleted(deleting.conversation_id);
          await refresh();
        }}
      />
    </Stack>
  );
}

function RenameDialog({ conversation, onClose, onRename }: {
  conversation: ConversationSummary | null;
  onClose: () => void;
  onRename: (title: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useDialogAction(onClose);
  useEffect(() => {
    if (conversation) {
      setTitle(conversation.title);
      setError(null);
    }
  }, [conversation]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') {
      setError(t('ai.conversations.titleRequired'));
      return;
    }
    await run(() => onRename(trimmed));
  };

  return (
    <Modal opened={conversation !== null} onClose={onClose} title={t('ai.conversations.renameTitle')} centered radius="lg" closeButtonProps={{ 'aria-label': t('app.close') }}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="conversation-rename-form">
        <Stack gap="md">
          <TextInput
            label={t('ai.conversations.titleLabel')}
            value={title}
            maxLength={titleMax}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid="conversation-title-input"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t('workspace.cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="conversation-rename-submit">{t('ai.conversations.rename')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
