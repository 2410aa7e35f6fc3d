import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format';
import { showErrorToast } from '../toasts/errorToast';
import { addNote, deleteNote, listNotes, timestampDate } from './aiApi';
import { useAiKeys } from './useAiKeys';
import classes from './ai.module.css';

/** The longest note the server keeps (contracts noteAdd). */
export const noteMax = 4_000;

/** The notes of a conversation, oldest first: add one, delete one, open the page it is about. */
export function NotesPanel({ conversationId, onOpenPage }: { conversationId: string; onOpenPage: (page: number) => void }) {
  const { t } = useTranslation();
  const keys = useAiKeys();
  const client = useQueryClient();
  const notes = useQuery({ queryKey: keys.notes(conversationId), queryFn: ({ signal }) => listNotes(conversationId, signal) });
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: keys.notes(conversationId) });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') return;
    setBusy(true);
    try {
      await addNote({ conversationId, content: content.trim() });
      setContent('');
      await refresh();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = (noteId: string) => {
    deleteNote(noteId).then(refresh, showErrorToast);
  };

  return (
    <Stack gap="sm" data-testid="notes-panel">
      <form onSubmit={(event) => void add(event)} noValidate>
        <Stack gap={6}>
          <Textarea
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
            placeholder={t('ai.notes.placeholder')}
            aria-label={t('ai.notes.label')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={noteMax}
            data-testid="note-input"
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={busy} disabled={content.trim() === ''} data-testid="note-add">{t('ai.notes.add')}</Button>
          </Group>
        </Stack>
      </form>
      {notes.isPending ? (
        <Skeleton h={48} />
      ) : notes.isError ? (
        <Text fz="sm" c="dimmed">{t('ai.notes.failed')}</Text>
      ) : notes.data.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="notes-empty">{t('ai.notes.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {notes.data.map((note) => (
            <Paper key={note.note_id} component="li" withBorder radius="md" p="sm" data-testid="note-item">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fz="sm" className={classes.answerText}>{note.content}</Text>
                  <Group gap={6}>
                    <Text fz="xs" c="dimmed">{formatDateTime(timestampDate(note.created_at))}</Text>
                    {note.page !== null && (
                      <button type="button" className={classes.chip} onClick={() => onOpenPage(note.page ?? 1)} title={t('ai.citation.open', { page: note.page })}>
                        [{t('ai.citation.label', { page: note.page })}]
                      </button>
                    )}
                  </Group>
                </Stack>
                <ActionIcon variant="subtle" color="gray" onClick={() => remove(note.note_id)} aria-label={t('ai.notes.delete')} data-testid="note-delete">
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
