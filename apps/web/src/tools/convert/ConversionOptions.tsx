import { NumberInput, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { OcrPremiumMark } from '../../limits/PremiumMark';
import { useTranslation } from 'react-i18next';
import { LanguagePicker, languageError } from '../shared/LanguagePicker';
import { DPI_MAX, DPI_MIN, choiceErrors, isImageFormat, type ConversionChoice, type FromPdfFormat, type HtmlLayout } from './conversion';

/**
 * The options of a conversion from PDF: the output format (pdf-to-jpg picks among the image
 * formats, /app/pdf-converter among all), the resolution of images, the HTML layout, and OCR
 * first for scanned PDFs.
 */
export function FromPdfOptions({ value, onChange, formats, disabled, showErrors }: {
  value: ConversionChoice;
  onChange: (next: ConversionChoice) => void;
  /** The formats to choose from; none when the page has one target. */
  formats: readonly FromPdfFormat[];
  disabled: boolean;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const errors = choiceErrors(value);
  const set = (patch: Partial<ConversionChoice>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="md">
      {formats.length > 1 && (
        <Select
          label={formats.every(isImageFormat) ? t('convert.imageFormat') : t('convert.target')}
          value={value.format}
          onChange={(format) => format && set({ format: format as FromPdfFormat })}
          allowDeselect={false}
          disabled={disabled}
          data={formats.map((format) => ({ value: format, label: t(`convert.formats.${format}`) }))}
          data-testid="convert-format"
        />
      )}
      {isImageFormat(value.format) && (
        <>
          <NumberInput
            label={t('convert.dpi')}
            description={t('convert.dpiHint')}
            value={value.dpi}
            onChange={(dpi) => set({ dpi })}
            min={DPI_MIN}
            max={DPI_MAX}
            step={50}
            allowDecimal={false}
            error={showErrors && errors?.dpi ? t('convert.dpiRange', { min: DPI_MIN, max: DPI_MAX }) : null}
            disabled={disabled}
            data-testid="convert-dpi"
          />
          <Text fz="xs" c="dimmed">{t('convert.zipNote')}</Text>
        </>
      )}
      {value.format === 'html' && (
        <div>
          <Text fz="sm" fw={500} mb={6}>{t('convert.layout')}</Text>
          <SegmentedControl
            fullWidth
            value={value.layout}
            onChange={(layout) => set({ layout: layout as HtmlLayout })}
            disabled={disabled}
            data={(['fixed', 'reflow'] as const).map((layout) => ({ value: layout, label: t(`convert.layouts.${layout}`) }))}
            data-testid="convert-layout"
          />
          <Text fz="xs" c="dimmed" mt={6}>{t(`convert.layoutHints.${value.layout}`)}</Text>
        </div>
      )}
      <Switch
        label={t('convert.ocr')}
        description={t('convert.ocrHint')}
        checked={value.usingOcr}
        onChange={(event) => set({ usingOcr: event.currentTarget.checked })}
        disabled={disabled}
        data-testid="convert-ocr"
      />
      <OcrPremiumMark />
      {value.usingOcr && (
        <LanguagePicker value={value.languages} onChange={(languages) => set({ languages })} error={errors?.languages ? languageError(value.languages) : null} disabled={disabled} />
      )}
    </Stack>
  );
}
