import type { TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';

/** The look of the 'Quickly find a tool' box, shared by its light first-load form and the full one. */
export function toolSearchInputProps(t: TFunction): TextInputProps & { 'data-testid': string } {
  return {
    placeholder: t('header.searchPlaceholder'),
    'aria-label': t('header.searchLabel'),
    leftSection: <IconSearch size={16} aria-hidden="true" />,
    radius: 'xl',
    w: '100%',
    'data-testid': 'tool-search',
  };
}
