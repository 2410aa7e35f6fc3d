import { Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PageScopeValue {
  all: boolean;
  ranges: string;
}

/** "All pages" or "Pages:" with a page-range string (rotate, crop). */
export function PageScope({ value, onChange, error, disabled }: {
  value: PageScopeValue;
  onChange: (value: PageScopeValue) => void;
  error?: string | null | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('pageScope.label')}
      value={value.all ? 'all' : 'some'}
      onChange={(choice) => onChange({ ...value, all: choice === 'all' })}
    >
      <Stack gap={8} mt={6}>
        <Radio value="all" label={t('pageScope.all')} disabled={disabled} data-testid="pages-all" />
        <Radio value="some" label={t('pageScope.some')} disabled={disabled} data-testid="pages-some" />
        {!value.all && (
          <TextInput
            aria-label={t('pageScope.rangesLabel')}
            placeholder={t('pageScope.placeholder')}
            value={value.ranges}
            onChange={(event) => onChange({ ...value, ranges: event.currentTarget.value })}
            error={error}
            disabled={disabled}
            data-testid="page-ranges"
          />
        )}
      </Stack>
    </Radio.Group>
  );
}
