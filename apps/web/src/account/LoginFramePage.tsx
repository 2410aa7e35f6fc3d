import { Alert, Anchor, Box, Button, Center, Group, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { mailLanguages, passwordMinLength, type MailLanguage } from '@pagewright/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '../api/ApiError';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { Logo } from '../layout/Logo';
import { apiErrorMessage, errorMessage } from '../toasts/errorToast';
import { forgotPassword, login, register } from './accountApi';
import { cookiesSupported } from './cookieSupport';
import { returnParam, safeReturnPath, viewParam } from './loginDialog';
import { writeStoredToken } from './tokenStorage';
import { cookieSupportMessage, tokenMessage } from './windowMessages';

type View = 'signIn' | 'signUp' | 'forgot';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The login page (SPEC §2, §4): sign in, sign up and forgotten password. In the login dialog's
 * frame it reports cookie support and hands the token to the dialog's window; opened as a whole
 * page (the cookie-less branch) it keeps the token and goes back where the user came from.
 */
export default function LoginFramePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.frameTitle'));
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(params.get(viewParam) === 'signUp' ? 'signUp' : 'signIn');
  const inFrame = window.parent !== window;

  useEffect(() => {
    if (!inFrame) return;
    void cookiesSupported().then((supported) => {
      window.parent.postMessage(cookieSupportMessage(supported), window.location.origin);
    });
  }, [inFrame]);

  const finish = (token: string) => {
    if (inFrame) {
      window.parent.postMessage(tokenMessage(token), window.location.origin);
      return;
    }
    writeStoredToken(token);
    window.location.replace(safeReturnPath(params.get(returnParam)));
  };

  const body = view === 'forgot'
    ? <ForgotPasswordForm onBack={() => setView('signIn')} />
    : (
      <Tabs value={view} onChange={(value) => setView(value === 'signUp' ? 'signUp' : 'signIn')}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="signIn" data-testid="signin-tab">{t('login.signInTab')}</Tabs.Tab>
          <Tabs.Tab value="signUp" data-testid="signup-tab">{t('login.signUpTab')}</Tabs.Tab>
        </Tabs.List>
        <CredentialsForm key={view} mode={view} onSignedIn={finish} onForgot={() => setView('forgot')} />
      </Tabs>
    );

  if (inFrame) return <Box p="xs">{body}</Box>;
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder radius="lg" p="xl" w={420} maw="100%">
        <Stack gap="lg">
          <Logo />
          <Title order={1} fz={22}>{t('login.dialogTitle')}</Title>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}

function CredentialsForm({ mode, onSignedIn, onForgot }: { mode: 'signIn' | 'signUp'; onSignedIn: (token: string) => void; onForgot: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signUp = mode === 'signUp';
  const prefix = signUp ? 'signup' : 'login';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) return setProblem(errorMessage('EMAIL_INVALID'));
    if (password === '') return setProblem(t('login.passwordRequired'));
    if (signUp && password.length < passwordMinLength) return setProblem(errorMessage('PASSWORD_TOO_SHORT'));
    setBusy(true);
    setProblem(null);
    try {
      const answer = signUp
        ? await register({ email: email.trim(), password, first_name: firstName, last_name: lastName })
        : await login({ email: email.trim(), password });
      onSignedIn(answer.token);
    } catch (error) {
      setProblem(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {signUp && (
          <Group grow gap="sm">
            <TextInput label={t('login.firstName')} value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} autoComplete="given-name" data-testid="signup-first-name" />
            <TextInput label={t('login.lastName')} value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} autoComplete="family-name" data-testid="signup-last-name" />
          </Group>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="email"
          required
          data-testid={`${prefix}-email`}
        />
        <PasswordInput
          label={t('login.password')}
          description={signUp ? t('login.passwordRule', { count: passwordMinLength }) : undefined}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete={signUp ? 'new-password' : 'current-password'}
          required
          data-testid={`${prefix}-password`}
        />
        {problem && <Alert color="red" variant="light" role="alert" data-testid="login-error">{problem}</Alert>}
        <Button type="submit" loading={busy} fullWidth radius="xl" mt="xs" data-testid={`${prefix}-submit`}>
          {signUp ? t('login.submitSignUp') : t('login.submitSignIn')}
        </Button>
        {!signUp && (
          <Anchor component="button" type="button" fz="sm" onClick={onForgot} data-testid="forgot-link">
            {t('login.forgotLink')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}

/** The reset mail's language: the page's, when it is one the mails are written in. */
function asMailLanguage(language: string): MailLanguage | undefined {
  return (mailLanguages as readonly string[]).includes(language) ? (language as MailLanguage) : undefined;
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) return setProblem(errorMessage('EMAIL_INVALID'));
    setBusy(true);
    setProblem(null);
    try {
      await forgotPassword(email.trim(), asMailLanguage(i18n.language));
      setSentTo(email.trim());
    } catch (error) {
      setProblem(errorMessage(toApiError(error).code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz={18}>{t('login.forgotTitle')}</Title>
      {sentTo ? (
        <Alert color="teal" variant="light" data-testid="forgot-sent">{t('login.forgotSent', { email: sentTo })}</Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">{t('login.forgotHint')}</Text>
            <TextInput label={t('login.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="email" required data-testid="forgot-email" />
            {problem && <Alert color="red" variant="light" role="alert" data-testid="login-error">{problem}</Alert>}
            <Button type="submit" loading={busy} fullWidth radius="xl" data-testid="forgot-submit">{t('login.forgotSubmit')}</Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" fz="sm" onClick={onBack}>{t('login.backToSignIn')}</Anchor>
    </Stack>
  );
}
