import type { AiFileInfo, ChatLanguage, ConversationSummary } from '@pagewright/contracts';
import { Box, Button, Drawer, Group, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFileText, IconMessagePlus, IconMessages } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { addNote, getConversation, syncLanguage } from './aiApi';
import { AiPageFrame } from './AiPageFrame';
import { ChatLanguageSelect } from './ChatLanguageSelect';
import { defaultChatLanguage } from './chatLanguage';
import { ChatPanel } from './ChatPanel';
import type { CitationTarget } from './citations';
import { CitationViewer } from './CitationViewer';
import { ConversationSidebar } from './ConversationSidebar';
import { DocumentUpload } from './DocumentUpload';
import { NotesPanel, noteMax } from './NotesPanel';
import { SharedConversation } from './SharedConversation';
import { SummaryCard } from './SummaryCard';
import { useAiKeys } from './useAiKeys';
import { useChat, type ChatTurn } from './useChat';
import { useDocumentAnalysis } from './useDocumentAnalysis';
import classes from './ai.module.css';

/** The open conversation, kept in the address so a reload or a shared tab reopens it. */
const conversationParam = 'conversation';
const shareParam = 'conversation_share';
/** SPEC §2: the wide layout from 1280 px; the two panes from 992 px (Mantine md). */
const wideQuery = '(min-width: 80em)';
const twoPaneQuery = '(min-width: 62em)';

/** /app/chat-pdf: chat with a PDF (SPEC §1, §2), or a conversation shared as a read-only link. */
export default function ChatPdfPage() {
  const [params] = useSearchParams();
  const shareCode = params.get(shareParam);
  return (
    <AiPageFrame name="chat-pdf" guestAllowed={shareCode !== null}>
      {shareCode ? <SharedConversation code={shareCode} /> : <ChatWorkspace />}
    </AiPageFrame>
  );
}

/**
 * The signed-in chat: the conversations beside it, the document (upload, analysis, summary
 * card) and its chat in one pane, the cited page and the notes in the other.
 */
function ChatWorkspace() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get(conversationParam);
  const client = useQueryClient();
  const keys = useAiKeys();
  const analysis = useDocumentAnalysis('ChatPDF');
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [lang, setLang] = useState<ChatLanguage>(() => defaultChatLanguage(i18n.language));
  const [target, setTarget] = useState<CitationTarget | null>(null);
  const [docTab, setDocTab] = useState<string | null>('page');
  const wide = useMediaQuery(wideQuery, undefined, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const viewer = useRef<HTMLDivElement>(null);
  // The conversation being opened, so a slower answer for one opened before is dropped.
  const opening = useRef<string | null>(null);
  // A fresh upload opens the document's conversation, if it has one; a reopened one keeps its own.
  const fromUpload = useRef(false);
  const info: AiFileInfo | null = analysis.state.phase === 'ready' ? analysis.state.info : null;

  const showInAddress = (id: string | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(conversationParam, id);
      else next.delete(conversationParam);
      return next;
    }, { replace: true });
  };

  const chat = useChat({
    fileId: info?.file_id ?? null,
    conversationId,
    lang,
    onConversation: (id) => {
      opening.current = id;
      setConversationId(id);
      showInAddress(id);
    },
    onAnswered: () => void client.invalidateQueries({ queryKey: keys.conversations }),
  });

  const openConversation = async (id: string, reopenDocument: boolean) => {
    opening.current = id;
    setConversationId(id);
    showInAddress(id);
    setTarget(null);
    chat.load([]);
    try {
      const detail = await client.fetchQuery({
        queryKey: keys.conversation(id),
        queryFn: ({ signal }) => getConversation(id, signal),
        staleTime: 0,
      });
      if (opening.current !== id) return;
      chat.load(detail.records);
      setLang(detail.lang);
      if (reopenDocument) analysis.reopen(detail.file_id, detail.file_name);
    } catch (error) {
      if (opening.current !== id) return;
      showErrorToast(error);
      startOver();
    }
  };

  const startOver = () => {
    opening.current = null;
    fromUpload.current = false;
    analysis.reset();
    chat.reset();
    setConversationId(null);
    setTarget(null);
    showInAddress(null);
  };

  useEffect(() => {
    if (wanted && wanted !== opening.current) void openConversation(wanted, true);
    // Only a conversation named in the address from outside (a reload, a link) is opened here.
  }, [wanted]);

  useEffect(() => {
    if (!info || !fromUpload.current) return;
    fromUpload.current = false;
    if (info.conversation_id) void openConversation(info.conversation_id, false);
  }, [info?.file_id]);

  const upload = (file: File) => {
    const refusal = analysis.upload(file);
    if (refusal) return refusal;
    opening.current = null;
    fromUpload.current = true;
    chat.reset();
    setConversationId(null);
    setTarget(null);
    showInAddress(null);
    return null;
  };

  const changeLanguage = (next: ChatLanguage) => {
    setLang(next);
    if (conversationId) syncLanguage(conversationId, next).catch(showErrorToast);
  };

  const cite = (next: CitationTarget) => {
    setTarget(next);
    setDocTab('page');
    // Stacked on a phone: the page is under the chat, so it is brought into view.
    if (!window.matchMedia(twoPaneQuery).matches) viewer.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const keepAnswer = async (turn: ChatTurn) => {
    if (!conversationId) return;
    try {
      await addNote({ conversationId, content: turn.answer.slice(0, noteMax), recordId: turn.recordId ?? undefined, page: turn.citations[0]?.page });
      showToast(t('ai.notes.added'), 'success');
      await client.invalidateQueries({ queryKey: keys.notes(conversationId) });
    } catch (error) {
      showErrorToast(error);
    }
  };

  const openFromList = (conversation: ConversationSummary) => {
    drawer.close();
    if (conversation.conversation_id !== conversationId) void openConversation(conversation.conversation_id, true);
  };

  const sidebar = (
    <ConversationSidebar
      activeId={conversationId}
      onOpen={openFromList}
      onNew={() => {
        drawer.close();
        startOver();
      }}
      onDeleted={(id) => {
        if (id === conversationId) startOver();
      }}
    />
  );

  const analysed = info && info.analysed_pages > 0 && info.analysed_pages < info.total_page ? info.analysed_pages : null;
  return (
    <div className={classes.withSidebar} data-sidebar={wide || undefined}>
      {wide && <aside className={classes.sidebar} aria-label={t('ai.conversations.title')}>{sidebar}</aside>}
      <Stack gap="md" miw={0}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {!wide && (
              <Button variant="default" leftSection={<IconMessages size={16} />} onClick={drawer.open} data-testid="conversations-toggle">
                {t('ai.conversations.title')}
              </Button>
            )}
            {!wide && analysis.state.phase !== 'idle' && (
              <Button variant="subtle" leftSection={<IconMessagePlus size={16} />} onClick={startOver} data-testid="chat-new">
                {t('ai.conversations.new')}
              </Button>
            )}
          </Group>
          <ChatLanguageSelect value={lang} onChange={changeLanguage} />
        </Group>
        <div className={classes.panes} data-panes={info ? 2 : 1}>
          <Stack gap="md" miw={0}>
            {analysis.state.phase !== 'ready' ? (
              <DocumentUpload state={analysis.state} onFile={upload} onCancel={startOver} />
            ) : info && (
              <>
                <Group gap="xs" wrap="nowrap" data-testid="chat-document">
                  <IconFileText size={18} aria-hidden="true" />
                  <Text fw={600} truncate miw={0}>{info.file_name}</Text>
                  <Text fz="sm" c="dimmed" style={{ flex: 'none' }}>{t('workspace.pages', { count: info.total_page })}</Text>
                </Group>
                {analysed !== null && <Text fz="xs" c="dimmed">{t('ai.document.partial', { count: analysed, total: info.total_page })}</Text>}
                <SummaryCard info={info} lang={lang} onCite={cite} onAsk={chat.ask} />
                <ChatPanel chat={chat} onCite={cite} onAddNote={conversationId ? (turn) => void keepAnswer(turn) : undefined} />
              </>
            )}
          </Stack>
          {info && (
            <Box ref={viewer} className={classes.docPane}>
              <Tabs value={docTab} onChange={setDocTab} keepMounted={false}>
                <Tabs.List mb="sm">
                  <Tabs.Tab value="page" data-testid="doc-tab-page">{t('ai.viewer.tab')}</Tabs.Tab>
                  <Tabs.Tab value="notes" data-testid="doc-tab-notes">{t('ai.notes.label')}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="page">
                  <CitationViewer
                    fileId={info.file_id}
                    totalPages={info.total_page}
                    target={target ?? { page: 1, rects: [], quotes: [] }}
                    onPage={(page) => setTarget({ page, rects: [], quotes: [] })}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="notes">
                  {conversationId
                    ? <NotesPanel conversationId={conversationId} onOpenPage={(page) => cite({ page, rects: [], quotes: [] })} />
                    : <Text fz="sm" c="dimmed" data-testid="notes-later">{t('ai.notes.later')}</Text>}
                </Tabs.Panel>
              </Tabs>
            </Box>
          )}
        </div>
      </Stack>
      {!wide && (
        <Drawer opened={drawerOpened} onClose={drawer.close} size={300} closeButtonProps={{ 'aria-label': t('app.close') }} aria-label={t('ai.conversations.title')}>
          {sidebar}
        </Drawer>
      )}
    </div>
  );
}
