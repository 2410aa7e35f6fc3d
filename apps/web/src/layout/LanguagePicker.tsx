import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localizedLocation } from '../app/navigationGuard';
import { localeFromTag, locales, rememberLocale, type Locale } from '../i18n';

/** Each language in its own words, so a visitor finds theirs whatever the page shows. */
const languageNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  'pt-br': 'Português (Brasil)',
  'zh-cn': '简体中文',
};

/** Switches the language and stays on the same page, under the new prefix (SPEC §2). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  return (
    <NativeSelect
      aria-label={t('footer.language')}
      data-testid="language-picker"
      size="xs"
      w={200}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={i18n.language}
      data={locales.map((locale) => ({ value: locale, label: languageNames[locale] }))}
      onChange={(event) => {
        const locale = localeFromTag(event.currentTarget.value);
        if (!locale) return;
        // Remembered first: English and zh-cn have no prefix, so the guard reads the stored choice.
        rememberLocale(locale);
        void navigate(localizedLocation(pathname, search, hash, locale));
      }}
    />
  );
}
