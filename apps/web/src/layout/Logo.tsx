import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import classes from './Logo.module.css';

export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <Link to={localized(to)} className={classes.logo} aria-label={t('app.logoLabel')}>
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="var(--mantine-color-brand-6)" />
          <path d="M10 7h8l6 6v12a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z" fill="#fff" />
          <path d="M18 7v6h6" fill="var(--mantine-color-brand-1)" />
          <path d="M11 18h10M11 22h7" stroke="var(--mantine-color-brand-6)" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <Text component="span" fw={800} fz={20} className={classes.word}>
          {t('app.name')}
        </Text>
      </Group>
    </Link>
  );
}
