import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api/ApiError';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { importFromUrl } from './cloudApi';
import { importUrlProblem } from './urlImport';

/** The server's refusals of an address, shown under the field; other failures are toasts. */
const fieldCodes = new Set<string | number>(['URL_SCHEME', 'URL_NOT_PDF', 'URL_NOT_ALLOWED', 'CLOUD_IMPORT_NO_PDF', 'LINK_FAILED', 4012]);

/**
 * Import from URL (SPEC §5, §7): the address is checked here first ('URL must start with
 * http:// or https://', 'URL must end with .pdf'), then the server fetches the PDF straight
 * into the folder.
 */
export function ImportUrlDialog({ opened, folderId, onImported, onCapacityExceeded, onClose }: {
  opened: boolean;
  folderId: string;
  onImported: () => Promise<unknown>;
  onCapacityExceeded: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setUrl('');
    setError(null);
  }, [opened]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = importUrlProblem(url);
    if (problem) {
      setError(errorMessage(problem));
      return;
    }
    setBusy(true);
    try {
      await importFromUrl(url.trim(), folderId);
      await onImported();
      onClose();
    } catch (failure) {
      const { code } = toApiError(failure);
      if (code === 'CLOUD_CAPACITY_EXCEEDED') {
        onClose();
        onCapacityExceeded();
      } else if (fieldCodes.has(code)) {
        setError(errorMessage(code));
      } else {
        showErrorToast(failure);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cloud.importUrl.title')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="import-url-dialog">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">{t('cloud.importUrl.hint')}</Text>
          <TextInput
            type="url"
            label={t('cloud.importUrl.label')}
            placeholder="https://example.com/document.pdf"
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid="import-url-input"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t('cloud.cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="import-url-submit">{t('cloud.importUrl.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
