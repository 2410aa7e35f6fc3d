import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { passwordMinLength } from '@pagewright/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '../api/ApiError';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { errorMessage } from '../toasts/errorToast';
import { resetPassword } from './accountApi';
import { openLogin } from './loginDialog';

/** /app/reset-password?token=…: the page a password-reset mail links to. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.resetTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < passwordMinLength) return setProblem(errorMessage('PASSWORD_TOO_SHORT'));
    if (password !== repeat) return setProblem(t('login.mismatch'));
    setBusy(true);
    setProblem(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setProblem(errorMessage(toApiError(error).code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size={460} py={48}>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} fz={24}>{t('login.resetTitle')}</Title>
          {token === '' ? (
            <Alert color="red" variant="light" role="alert">{t('login.resetMissingToken')}</Alert>
          ) : done ? (
            <>
              <Alert color="teal" variant="light" data-testid="reset-done">{t('login.resetDone')}</Alert>
              <Button radius="xl" onClick={() => void openLogin()}>{t('login.submitSignIn')}</Button>
            </>
          ) : (
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Stack gap="sm">
                <Text fz="sm" c="dimmed">{t('login.passwordRule', { count: passwordMinLength })}</Text>
                <PasswordInput label={t('login.newPassword')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="new-password" data-testid="reset-password" />
                <PasswordInput label={t('login.repeatPassword')} value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} autoComplete="new-password" data-testid="reset-repeat" />
                {problem && <Alert color="red" variant="light" role="alert">{problem}</Alert>}
                <Button type="submit" loading={busy} radius="xl" data-testid="reset-submit">{t('login.resetSubmit')}</Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
