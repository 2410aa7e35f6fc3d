import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title; `page` undefined gives the site's home title. */
export function useDocumentTitle(page?: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = page ? t('app.documentTitle', { page }) : t('app.homeDocumentTitle');
  }, [page, t]);
}
