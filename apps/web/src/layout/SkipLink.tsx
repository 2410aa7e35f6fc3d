import { useTranslation } from 'react-i18next';

/**
 * The first stop of the keyboard on every page: jumps past the header and the navigation to the
 * page's main content (`#main`), which takes the focus. Hidden until focused.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="skip-link"
      data-testid="skip-link"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}
