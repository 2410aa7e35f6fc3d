import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { ToolGrid } from '../tools/ToolGrid';

/** /app and /app/home: the tool grid inside the shell. */
export default function AppHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.items.home'));
  return (
    <Container size="xl" py={{ base: 24, sm: 36 }} px={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={{ base: 24, sm: 30 }}>{t('appHome.title')}</Title>
        <Text c="dimmed">{t('appHome.subtitle')}</Text>
      </Stack>
      <ToolGrid columns={3} />
    </Container>
  );
}
