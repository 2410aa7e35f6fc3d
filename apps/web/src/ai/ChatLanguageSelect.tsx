import { chatLanguages, type ChatLanguage } from '@pagewright/contracts';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The language answers are written in, one of the 12 chat languages (SPEC §9). */
export function ChatLanguageSelect({ value, onChange }: { value: ChatLanguage; onChange: (lang: ChatLanguage) => void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      value={value}
      onChange={(event) => {
        const next = chatLanguages.find((lang) => lang === event.currentTarget.value);
        if (next) onChange(next);
      }}
      data={chatLanguages.map((lang) => ({ value: lang, label: t(`ai.languages.${lang}`) }))}
      aria-label={t('ai.language')}
      leftSection={<IconLanguage size={16} />}
      size="sm"
      w={{ base: '100%', xs: 210 }}
      data-testid="chat-language"
    />
  );
}
