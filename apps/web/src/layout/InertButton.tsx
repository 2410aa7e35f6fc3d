import { Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An entry whose page comes in a later issue: visible, announced as coming soon, inert. */
export function InertButton({ label, variant }: { label: string; variant: 'subtle' | 'default' | 'filled' }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('app.comingSoon')} withArrow openDelay={300}>
      <Button
        variant={variant}
        color={variant === 'subtle' ? 'dark' : undefined}
        radius={variant === 'subtle' ? 'md' : 'xl'}
        aria-disabled="true"
        onClick={(event) => event.preventDefault()}
        fw={600}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
