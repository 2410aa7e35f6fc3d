/**
 * The form input bar (SPEC §3 tool-bar state): shown when the PDF has form fields. It offers to
 * flatten the form on export (off by default: fields stay fields), and holds the dialog that
 * signs a signature field with the user's PKCS#12 certificate (SPEC §7
 * document/content/{file_id}/sign) with the editor's changes in the document, and downloads it.
 */
import { Alert, Button, Checkbox, FileInput, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadDocUrl, startSign } from '../../api/client';
import { followTask } from '../../api/taskPoller';
import { startDownload } from '../../share/startDownload';
import { apiErrorMessage } from '../../toasts/errorToast';
import { hasEdits, uploadEdited } from '../exportContent';
import type { EditorDocument } from '../PdfEditor';
import classes from './forms.module.css';
import { useForms } from './formStore';

/** Base64 of a file's bytes, as the sign call carries the certificate. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function signedName(name: string): string {
  return `${name.replace(/\.pdf$/i, '')}-signed.pdf`;
}

function SignFieldDialog({ source, field }: { source: EditorDocument; field: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => useForms.setState({ signing: null });
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      // The document is signed with the editor's changes in it: those go into a new upload first.
      const target = hasEdits()
        ? { ...(await uploadEdited(source.fileId, source.password, source.name, () => undefined)), password: undefined }
        : { fileId: source.fileId, password: source.password };
      const created = await startSign(target.fileId, target.password, {
        certificate: { field, pkcs12: await base64Of(file), pkcs12_password: password, ...(reason ? { reason } : {}) },
      });
      await followTask(created.task_id);
      startDownload(downloadDocUrl(created.task_id), signedName(source.name));
      close();
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={close} title={t('editor.forms.signTitle', { field })} centered closeButtonProps={{ 'aria-label': t('app.close') }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('editor.forms.signNote')}</Text>
        <FileInput label={t('editor.forms.certificate')} accept=".p12,.pfx,application/x-pkcs12" value={file} onChange={setFile} data-testid="certificate-file" clearable />
        <PasswordInput label={t('editor.forms.certificatePassword')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <TextInput label={t('editor.forms.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
        {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
        <Button onClick={() => void submit()} loading={busy} disabled={!file}>{t('editor.forms.signSubmit')}</Button>
      </Stack>
    </Modal>
  );
}

export function FormBar({ source }: { source: EditorDocument }) {
  const { t } = useTranslation();
  const count = useForms((s) => new Set(Object.values(s.widgets).map((w) => w.name)).size);
  const flatten = useForms((s) => s.flatten);
  const signing = useForms((s) => s.signing);
  if (count === 0) return null;
  return (
    <div className={classes.bar} role="group" aria-label={t('editor.forms.bar')} data-testid="form-bar">
      <Text size="sm">{t('editor.forms.count', { count })}</Text>
      <Checkbox size="xs" label={t('editor.forms.flatten')} checked={flatten} onChange={(e) => useForms.setState({ flatten: e.currentTarget.checked })} />
      {signing !== null && <SignFieldDialog source={source} field={signing} />}
    </div>
  );
}
