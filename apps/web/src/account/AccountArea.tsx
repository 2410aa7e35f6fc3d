import { Button } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountStore } from './accountStore';
import { openLogin } from './loginDialog';

// Only signed-in users need the menu, so a guest's first page load does not carry it.
const UserCentreMenu = lazy(() => import('./UserCentreMenu'));

/**
 * The account spot of the top bar and the marketing header (SPEC §2): the login button for a
 * guest; for a signed-in user the avatar and the user-centre menu.
 */
export function AccountArea({ variant = 'filled', loginTestId = 'login-button' }: { variant?: 'filled' | 'default'; loginTestId?: string }) {
  const { t } = useTranslation();
  const user = useAccountStore((s) => s.user);
  if (!user) {
    return (
      <Button radius="xl" variant={variant} fw={600} onClick={() => void openLogin()} data-testid={loginTestId}>
        {t('login.button')}
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <UserCentreMenu user={user} />
    </Suspense>
  );
}
