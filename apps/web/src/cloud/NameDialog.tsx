import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api/ApiError';
import { showErrorToast } from '../toasts/errorToast';
import { baseNameLength, isNameCode, nameMessage, nameProblem } from './names';

/**
 * The name dialog of a rename or a new folder (SPEC §5): the rules are checked as the user
 * submits, the server's duplicate answers show under the field, other failures as a toast.
 */
export function NameDialog({ opened, title, label, submitLabel, initial, selectBaseName, onSubmit, onClose, testId }: {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  initial: string;
  /** Select the name without its extension when the dialog opens (documents). */
  selectBaseName: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!opened) return;
    setName(initial);
    setError(null);
  }, [opened, initial]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    if (problem) {
      setError(nameMessage(problem, name));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (failure) {
      const { code } = toApiError(failure);
      if (isNameCode(code)) setError(nameMessage(code, name));
      else showErrorToast(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
      transitionProps={{
        onEntered: () => {
          if (selectBaseName) input.current?.setSelectionRange(0, baseNameLength(initial));
        },
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
        <Stack gap="md">
          <TextInput
            ref={input}
            label={label}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid="cloud-name-input"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t('cloud.cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="cloud-name-submit">{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
