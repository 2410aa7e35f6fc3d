import { editorRoutes, fileExtension } from '@pagewright/contracts';
import { Alert, Box, Button, FileButton, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconHighlight, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/ApiError';
import { routeUrl } from '../api/http';
import { uploadFile } from '../api/upload';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { useFileStore } from '../files/fileStore';
import { PageLoader } from '../layout/PageLoader';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';
import { SharedInEditor, type SharedPdf } from './SharedInEditor';
import { DecryptForm } from './viewer/DecryptForm';
import { useDocument } from './viewer/useDocument';

interface CurrentPdf {
  fileId: string;
  name: string;
  /** The bytes on this device, when the file was opened here; export hands them back. */
  raw?: File;
}

/** The file the editor opens: a shared one (?share_id=), else ?file_id=, else the tool list's PDF, else none yet. */
function useCurrentPdf(shared?: SharedPdf): [CurrentPdf | null, (pdf: CurrentPdf) => void] {
  const [params] = useSearchParams();
  const fromQuery = params.get('file_id');
  const fromList = useFileStore((s) => s.files.find((f) => f.ossInfo && fileExtension(f.name) === 'pdf'));
  const [opened, setOpened] = useState<CurrentPdf | null>(null);
  if (opened) return [opened, setOpened];
  if (shared) return [shared, setOpened];
  if (fromQuery) return [{ fileId: fromQuery, name: params.get('name') ?? fromQuery }, setOpened];
  if (fromList?.ossInfo) return [{ fileId: fromList.ossInfo.file_id, name: fromList.name, raw: fromList.raw }, setOpened];
  return [null, setOpened];
}

/** The editor and pdf.js load only once a document is open (ARCHITECTURE: the viewer is loaded only on editor routes). */
const PdfEditorView = lazy(() => import('../editor/PdfEditor'));

/** The bytes pdf.js opens: the file chosen on this device, else the caller's stored copy. */
function loaderOf(current: CurrentPdf): () => Promise<Uint8Array> {
  const raw = current.raw;
  if (raw) return async () => new Uint8Array(await raw.arrayBuffer());
  return async () => {
    const response = await fetch(routeUrl(editorRoutes.source, { query: { file_id: current.fileId } }), { credentials: 'same-origin' });
    if (!response.ok) throw new ApiError(response.status === 404 ? 2405 : 'ERR_BAD_RESPONSE');
    return new Uint8Array(await response.arrayBuffer());
  };
}

/** /app/pdf-editor: a share link (?share_id=, SPEC §2) opens the shared PDF in the editor; otherwise the editor. */
export default function PdfEditorPage() {
  const [params] = useSearchParams();
  const shareCode = params.get('share_id');
  if (shareCode) return <SharedInEditor key={shareCode} shareCode={shareCode}>{(pdf) => <PdfEditor shared={pdf} />}</SharedInEditor>;
  return <PdfEditor />;
}

/**
 * /app/pdf-editor?t=annotate|edit (SPEC §2): the current PDF, after the decrypt step, in the
 * editor: annotate mode, or edit mode (CONTENT_EDIT), where a click on a word replaces it in place.
 */
function PdfEditor({ shared }: { shared?: SharedPdf }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('t') === 'edit' ? 'edit' : 'annotate';
  const title = t(`nav.items.${mode}`);
  useDocumentTitle(title);
  const [current, open] = useCurrentPdf(shared);
  const [uploading, setUploading] = useState(false);
  const { state, unlock } = useDocument(current?.fileId ?? null);

  const password = state.phase === 'ready' ? state.password : undefined;
  // The current PDF is a new object at each render when it comes from the query or the list;
  // its id, name and bytes say which it is, so the editor opens it once.
  const fileId = current?.fileId;
  const name = current?.name ?? '';
  const raw = current?.raw;
  const editorDocument = useMemo(
    () => (fileId ? { fileId, name, password, load: loaderOf({ fileId, name, ...(raw ? { raw } : {}) }) } : null),
    [fileId, name, raw, password],
  );

  const choose = async (file: File | null) => {
    if (!file) return;
    if (fileExtension(file.name) !== 'pdf') {
      showToast(errorMessage('FILE_TYPE_ERROR'));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadFile(file);
      open({ fileId: uploaded.file_id, name: file.name, raw: file });
    } catch (error) {
      showErrorToast(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <WorkspaceHeader
        icon={<ThemeIcon size={52} radius="md" variant="light" color="violet" aria-hidden="true">{mode === 'edit' ? <IconPencil size={30} /> : <IconHighlight size={30} />}</ThemeIcon>}
        title={title}
        description={t('features.pdf-editor.description')}
      />
      {mode === 'edit' && (
        <Alert color="violet" variant="light" mb="lg" role="status" data-testid="editor-edit-hint">
          {t('editor.editModeHint')}
        </Alert>
      )}
      {current === null ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="md">
            <IconFileTypePdf size={48} aria-hidden="true" />
            <Text fw={600}>{t('shell.editor.choose')}</Text>
            <FileButton onChange={(file) => void choose(file)} accept="application/pdf,.pdf">
              {(props) => <Button {...props} loading={uploading} radius="xl" size="md">{t('workspace.chooseFile')}</Button>}
            </FileButton>
          </Stack>
        </Paper>
      ) : state.phase === 'loading' ? (
        <PageLoader />
      ) : state.phase === 'password' ? (
        <DecryptForm name={current.name} wrong={state.wrong} onUnlock={unlock} />
      ) : state.phase === 'failed' ? (
        <Alert color="red" variant="light" role="alert">{errorMessage(state.code)}</Alert>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{current.name}</Text>
          <Suspense fallback={<PageLoader />}>
            {editorDocument && <PdfEditorView document={editorDocument} mode={mode === 'edit' ? 'CONTENT_EDIT' : 'ANNOTATE'} />}
          </Suspense>
        </Stack>
      )}
    </Box>
  );
}
