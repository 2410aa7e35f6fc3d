import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconDevices, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toolPath, useLocalizedPath } from '../app/paths';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { ToolGrid } from '../tools/ToolGrid';
import classes from './HomePage.module.css';

/** The site home: hero and the grid of every tool (SPEC §2 marketing pages). */
export default function HomePage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  useDocumentTitle();
  return (
    <>
      <section className={classes.hero}>
        <Container size="md" py={{ base: 48, sm: 80 }}>
          <Stack align="center" gap="lg" ta="center">
            <Title order={1} className={classes.heroTitle}>
              {t('home.heroTitle')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={640}>
              {t('home.heroSubtitle')}
            </Text>
            <Group gap="sm" justify="center">
              <Button component={Link} to={localized(toolPath('merge-pdf'))} size="lg" radius="xl">
                {t('home.heroCta')}
              </Button>
              <Button component="a" href="#tools" size="lg" radius="xl" variant="default">
                {t('home.heroSecondary')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
      <Container size="xl" py={{ base: 40, sm: 64 }} id="tools">
        <Stack gap={6} align="center" ta="center" mb="xl">
          <Title order={2} fz={{ base: 26, sm: 32 }}>{t('home.toolsHeading')}</Title>
          <Text c="dimmed">{t('home.toolsSubtitle')}</Text>
        </Stack>
        <ToolGrid />
      </Container>
      <Container size="lg" pb={{ base: 48, sm: 80 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Feature icon={<IconShieldLock size={22} />} title={t('home.featurePrivateTitle')} body={t('home.featurePrivateBody')} />
          <Feature icon={<IconBolt size={22} />} title={t('home.featureFastTitle')} body={t('home.featureFastBody')} />
          <Feature icon={<IconDevices size={22} />} title={t('home.featureEverywhereTitle')} body={t('home.featureEverywhereBody')} />
        </SimpleGrid>
      </Container>
    </>
  );
}

function Feature({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <Stack gap="xs">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">{icon}</ThemeIcon>
      <Text fw={700}>{title}</Text>
      <Text fz="sm" c="dimmed">{body}</Text>
    </Stack>
  );
}
