import { Button, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../account/loginDialog';
import { useGuestLimit } from './guestLimit';

/**
 * The guest's sign-in prompt of SPEC §6: one task per day without an account and no limit
 * after login; a result is downloaded after signing in.
 */
export function GuestLimitDialog() {
  const { t } = useTranslation();
  const { opened, reason, afterSignIn, close } = useGuestLimit();
  // The prompt belongs to the page that raised it.
  useEffect(() => close, [close]);

  const signIn = async () => {
    const carryOn = afterSignIn;
    close();
    if ((await openLogin()) && carryOn) carryOn();
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }} opened={opened} onClose={close} centered radius="lg" size="sm" title={null}>
      <Stack gap="md" align="center" ta="center" data-testid="guest-limit" data-reason={reason}>
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true"><IconLogin size={28} /></ThemeIcon>
        <Title order={2} fz="lg">{t(reason === 'download' ? 'limits.guestDownloadTitle' : 'limits.guestLimitTitle')}</Title>
        <Text data-testid="guest-limit-message">{t('limits.guestLimit')}</Text>
        <Button radius="xl" fullWidth onClick={() => void signIn()} data-testid="guest-sign-in">
          {t(reason === 'download' ? 'limits.signInToDownload' : 'limits.signIn')}
        </Button>
      </Stack>
    </Modal>
  );
}
