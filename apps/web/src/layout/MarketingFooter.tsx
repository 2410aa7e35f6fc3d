import { Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from './LanguagePicker';
import { Logo } from './Logo';

export function MarketingFooter() {
  const { t } = useTranslation();
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-2)', background: 'var(--mantine-color-white)' }}>
      <Container size="xl" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6}>
            <Logo />
            <Text fz="sm" c="dimmed">{t('footer.tagline')}</Text>
          </Stack>
          <Stack gap="xs" align="flex-end">
            <LanguagePicker />
            <Text fz="xs" c="dimmed" maw={360}>{t('footer.license')}</Text>
          </Stack>
        </Group>
      </Container>
    </footer>
  );
}
