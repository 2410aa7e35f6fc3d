import { Box, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAccount } from '../../account/accountStore';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { PayDialog } from '../../billing/PayDialog';
import { usePricingGroup } from '../../billing/pricingGroup';
import { WorkspaceHeader } from '../../workspace/WorkspaceHeader';
import { LoginGate } from '../AiPageFrame';

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
  const { loggedIn } = useAccount();
  useDocumentTitle(title);
  usePricingGroup();
  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28} data-testid={testId}>
      <WorkspaceHeader icon={<ThemeIcon size={52} radius="md" variant="light" color="violet" aria-hidden="true">{icon}</ThemeIcon>} title={title} description={description} />
      <LoginGate open={loggedIn}>{children}</LoginGate>
      <PayDialog />
    </Box>
  );
}
