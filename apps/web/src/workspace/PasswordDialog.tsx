import { Button, Checkbox, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { skipPassword, unlockFile, unlockOthers } from '../files/fileProcessing';
import { useFileStore } from '../files/fileStore';
import { errorMessage, showErrorToast } from '../toasts/errorToast';

/**
 * The password dialog of SPEC §2 and §5: opens for the first locked file that has not been
 * skipped; one password can be applied to every locked file. A skipped file stays locked and
 * is left out of processing.
 */
export function PasswordDialog({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const files = useFileStore((state) => state.files);
  const locked = files.filter((file) => file.state === 'encrypted');
  const current = disabled ? undefined : locked.find((file) => !file.passwordSkipped);
  const [password, setPassword] = useState('');
  const [applyAll, setApplyAll] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currentUid = current?.uid;

  useEffect(() => {
    setPassword('');
    setError(null);
  }, [currentUid]);

  if (!current) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(errorMessage('PASSWORD_EMPTY'));
      return;
    }
    setBusy(true);
    try {
      const result = await unlockFile(current.uid, password);
      if (result === 'incorrect') {
        setError(errorMessage('INCORRECT_PASSWORD'));
        return;
      }
      if (applyAll) await unlockOthers(current.uid, password);
    } catch (failure) {
      showErrorToast(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }}
      opened
      onClose={() => skipPassword(current.uid)}
      title={<Group gap="xs"><IconLock size={20} aria-hidden="true" /><Text fw={700}>{t('password.title')}</Text></Group>}
      centered
      radius="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="password-dialog">
        <Stack gap="md">
          <Text fz="sm">{t('password.description', { name: current.name })}</Text>
          <PasswordInput
            label={t('password.label')}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoFocus
            data-testid="password-input"
          />
          {locked.length > 1 && (
            <Checkbox
              label={t('password.applyAll')}
              checked={applyAll}
              onChange={(event) => setApplyAll(event.currentTarget.checked)}
              data-testid="password-apply-all"
            />
          )}
          <Text fz="xs" c="dimmed">{t('password.excludedHint')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => skipPassword(current.uid)} data-testid="password-skip">
              {t('password.skip')}
            </Button>
            <Button type="submit" loading={busy} data-testid="password-submit">
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
