import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../toasts/errorToast';

/** The decrypt step of a viewer: the password of an encrypted PDF. */
export function DecryptForm({ name, wrong, onUnlock }: { name: string; wrong: boolean; onUnlock: (password: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    setBusy(true);
    try {
      await onUnlock(password);
    } finally {
      setBusy(false);
    }
  };
  const error = empty ? errorMessage('PASSWORD_EMPTY') : wrong ? errorMessage('INCORRECT_PASSWORD') : undefined;
  return (
    <Paper withBorder radius="lg" p="xl" maw={440} mx="auto" data-testid="decrypt-form">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <IconLock size={32} aria-hidden="true" />
          <Title order={2} fz="lg">{t('password.title')}</Title>
          <Text fz="sm" c="dimmed">{t('password.description', { name })}</Text>
          <PasswordInput
            label={t('password.label')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            autoFocus
          />
          <Button type="submit" loading={busy}>{t('password.submit')}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
