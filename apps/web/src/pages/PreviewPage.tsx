import { Alert, Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { PageLoader } from '../layout/PageLoader';
import { errorMessage } from '../toasts/errorToast';
import { DecryptForm } from './viewer/DecryptForm';
import { DocumentViewer } from './viewer/DocumentViewer';
import { useDocument } from './viewer/useDocument';

/** /preview?file_id=…: an uploaded PDF, after its password when it is encrypted (SPEC §2). */
export default function PreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fileId = params.get('file_id');
  const name = params.get('name') ?? t('shell.preview.untitled');
  const { state, unlock } = useDocument(fileId);
  useDocumentTitle(t('shell.preview.title'));
  return (
    <Box maw={1000} mx="auto" px={{ base: 14, sm: 24 }} py={32}>
      <Title order={1} fz={26} mb="lg">{t('shell.preview.title')}</Title>
      {fileId === null ? (
        <Alert color="yellow" variant="light" role="status">{errorMessage(90001)}</Alert>
      ) : state.phase === 'loading' ? (
        <PageLoader />
      ) : state.phase === 'password' ? (
        <DecryptForm name={name} wrong={state.wrong} onUnlock={unlock} />
      ) : state.phase === 'failed' ? (
        <Alert color="red" variant="light" role="alert">{errorMessage(state.code)}</Alert>
      ) : (
        <DocumentViewer info={state.info} password={state.password} />
      )}
    </Box>
  );
}
