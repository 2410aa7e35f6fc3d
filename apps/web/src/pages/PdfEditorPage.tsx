import { fileExtension } from '@pagewright/contracts';
import { Alert, Box, Button, FileButton, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconHighlight, IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { uploadFile } from '../api/upload';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { useFileStore } from '../files/fileStore';
import { PageLoader } from '../layout/PageLoader';
import { SharedFile } from '../share/SharedFilePage';
import { useEditorExport } from '../shell/editorExport';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';
import { DecryptForm } from './viewer/DecryptForm';
import { DocumentViewer } from './viewer/DocumentViewer';
import { useDocument } from './viewer/useDocument';

interface CurrentPdf {
  fileId: string;
  name: string;
  /** The bytes on this device, when the file was opened here; export hands them back. */
  raw?: File;
}

/** The file the editor opens: ?file_id=, else the tool list's PDF, else none yet. */
function useCurrentPdf(): [CurrentPdf | null, (pdf: CurrentPdf) => void] {
  const [params] = useSearchParams();
  const fromQuery = params.get('file_id');
  const fromList = useFileStore((s) => s.files.find((f) => f.ossInfo && fileExtension(f.name) === 'pdf'));
  const [opened, setOpened] = useState<CurrentPdf | null>(null);
  if (opened) return [opened, setOpened];
  if (fromQuery) return [{ fileId: fromQuery, name: params.get('name') ?? fromQuery }, setOpened];
  if (fromList?.ossInfo) return [{ fileId: fromList.ossInfo.file_id, name: fromList.name, raw: fromList.raw }, setOpened];
  return [null, setOpened];
}

function download(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /app/pdf-editor: a share link (?share_id=, SPEC §2) opens the shared file; otherwise the editor. */
export default function PdfEditorPage() {
  const [params] = useSearchParams();
  const shareCode = params.get('share_id');
  if (shareCode) return <SharedFile key={shareCode} shareCode={shareCode} />;
  return <PdfEditor />;
}

/**
 * /app/pdf-editor?t=annotate|edit (SPEC §2): for now a viewer of the current PDF, with the
 * decrypt step; annotating and editing come with the editor issue, and the page says so.
 */
function PdfEditor() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('t') === 'edit' ? 'edit' : 'annotate';
  const title = t(`nav.items.${mode}`);
  useDocumentTitle(title);
  const [current, open] = useCurrentPdf();
  const [uploading, setUploading] = useState(false);
  const { state, unlock } = useDocument(current?.fileId ?? null);

  const raw = current?.raw;
  useEffect(() => {
    useEditorExport.setState({ exportFile: raw ? () => download(raw) : null });
    return () => useEditorExport.setState({ exportFile: null });
  }, [raw]);

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
      <Alert color="yellow" variant="light" mb="lg" role="status" data-testid="editor-viewer-only">
        {t('shell.editor.viewerOnly')}
      </Alert>
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
        <Stack gap="md">
          <Text fw={600}>{current.name}</Text>
          <DocumentViewer info={state.info} password={state.password} />
        </Stack>
      )}
    </Box>
  );
}
