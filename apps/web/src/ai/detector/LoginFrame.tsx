import { Box, Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/accountStore';
import { openLogin } from '../../account/loginDialog';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { PayDialog } from '../../billing/PayDialog';
import { usePricingGroup } from '../../billing/pricingGroup';
import { WorkspaceHeader } from '../../workspace/WorkspaceHeader';

/**
 * The frame of the detector and proofreader pages: both require login (SPEC §2, §6), so a guest
 * sees why and the login dialog opens by itself; the pay dialog their limits open (11009) sits here.
 */
export function LoginFrame({ testId, title, description, icon, children }: {
  testId: string;
  title: string;
  description: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { loggedIn, ready } = useAccount();
  useDocumentTitle(title);
  usePricingGroup();
  useEffect(() => {
    if (ready && !loggedIn) void openLogin();
  }, [ready, loggedIn]);
  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28} data-testid={testId}>
      <WorkspaceHeader icon={<ThemeIcon size={52} radius="md" variant="light" color="violet" aria-hidden="true">{icon}</ThemeIcon>} title={title} description={description} />
      {loggedIn ? children : !ready ? <Skeleton h={120} radius="lg" /> : (
        <Paper withBorder radius="lg" p="xl" data-testid="ai-login-required">
          <Stack gap="sm" align="flex-start">
            <Text>{t('ai.loginRequired')}</Text>
            <Button onClick={() => void openLogin()}>{t('topbar.login')}</Button>
          </Stack>
        </Paper>
      )}
      <PayDialog />
    </Box>
  );
}
