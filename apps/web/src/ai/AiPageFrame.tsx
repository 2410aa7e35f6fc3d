import { Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { PayDialog } from '../billing/PayDialog';
import { usePricingGroup } from '../billing/pricingGroup';
import { appPageIcons } from '../tools/toolIcons';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';
import classes from './ai.module.css';

/**
 * The frame of an AI page (SPEC §2 route flags): its header, forced login (the login dialog
 * opens by itself for a guest, who sees why), the pay dialog its limits open, and the pricing
 * group whose AI policy every call sends. `guestAllowed` lets a guest in (a shared conversation).
 */
export function AiPageFrame({ name, guestAllowed = false, children }: {
  name: 'chat-pdf' | 'ai-read' | 'ai-translator';
  guestAllowed?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { loggedIn } = useAccount();
  const title = t(`features.${name}.title`);
  useDocumentTitle(title);
  usePricingGroup();
  const Icon = appPageIcons[name];
  return (
    <div className={classes.page} data-testid={name}>
      <WorkspaceHeader
        icon={<ThemeIcon size={52} radius="md" variant="light" color="violet" aria-hidden="true">{Icon && <Icon size={30} stroke={1.7} />}</ThemeIcon>}
        title={title}
        description={t(`features.${name}.description`)}
      />
      <LoginGate open={guestAllowed || loggedIn}>{children}</LoginGate>
      <PayDialog />
    </div>
  );
}

/**
 * What a page that needs login shows: its content once `open`, a placeholder while the account
 * loads, else why the page is closed — and the login dialog opens by itself.
 */
export function LoginGate({ open, children }: { open: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { ready } = useAccount();
  useEffect(() => {
    if (ready && !open) void openLogin();
  }, [ready, open]);
  if (open) return children;
  if (!ready) return <Skeleton h={120} radius="lg" />;
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="ai-login-required">
      <Stack gap="sm" align="flex-start">
        <Text>{t('ai.loginRequired')}</Text>
        <Button onClick={() => void openLogin()}>{t('topbar.login')}</Button>
      </Stack>
    </Paper>
  );
}
