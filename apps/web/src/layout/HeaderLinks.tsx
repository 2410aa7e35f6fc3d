import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';

/**
 * The login dialog is only needed once asked for, so the home page does not load it. `signUp`
 * starts on the sign-up form.
 */
export function openLoginDialog(options: { signUp?: boolean } = {}): void {
  void import('../account/loginDialog').then((m) => m.openLogin(options));
}

/** The marketing header's page links of SPEC §2: templates, pricing, AI translate. */
export function HeaderPageLinks({ onNavigate, fullWidth = false }: { onNavigate?: () => void; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const links = [
    { to: '/template', label: t('header.templates') },
    { to: '/pricing', label: t('header.pricing') },
    { to: '/app/ai-translator', label: t('header.aiTranslate') },
  ];
  return links.map((link) => (
    <Button
      key={link.to}
      component={Link}
      to={localized(link.to)}
      onClick={onNavigate}
      variant="subtle"
      color="dark"
      fw={600}
      fullWidth={fullWidth}
      justify={fullWidth ? 'flex-start' : undefined}
    >
      {link.label}
    </Button>
  ));
}

/** Free trial registers an account (SPEC §2): the login dialog opens on its sign-up form. */
export function FreeTrialButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button radius="xl" fw={600} fullWidth={fullWidth} onClick={() => openLoginDialog({ signUp: true })} data-testid="free-trial">
      {t('header.freeTrial')}
    </Button>
  );
}
