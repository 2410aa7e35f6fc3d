import { Alert, Checkbox, SimpleGrid, Text } from '@mantine/core';
import { OCR_SLOW_LANGUAGE_COUNT, ocrLanguages, type OcrLanguage } from '@pagewright/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../toasts/errorToast';

/** OCR languages (SPEC §5): at least one; more than three only warns that OCR will be slow. */
export function languageError(languages: readonly OcrLanguage[]): string | null {
  return languages.length === 0 ? errorMessage('OCR_LANGUAGE_REQUIRED') : null;
}

export function LanguagePicker({ value, onChange, error, disabled }: {
  value: OcrLanguage[];
  onChange: (value: OcrLanguage[]) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Checkbox.Group
        label={t('ocr.languages')}
        value={value}
        onChange={(next) => onChange(ocrLanguages.filter((lang) => next.includes(lang)))}
        error={error}
      >
        <SimpleGrid cols={2} spacing={6} mt={6}>
          {ocrLanguages.map((lang) => (
            <Checkbox key={lang} value={lang} label={t(`ocr.languageNames.${lang}`)} disabled={disabled} data-testid={`ocr-lang-${lang}`} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {value.length > OCR_SLOW_LANGUAGE_COUNT && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" mt="sm" data-testid="ocr-slow">
          <Text fz="sm">{t('ocr.slow')}</Text>
        </Alert>
      )}
    </div>
  );
}
