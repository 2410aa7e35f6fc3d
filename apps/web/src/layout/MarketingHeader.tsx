import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolSearch } from '../tools/ToolSearch';
import { AllToolsMenu } from './AllToolsMenu';
import { InertButton } from './InertButton';
import { Logo } from './Logo';
import classes from './MarketingHeader.module.css';

// Phones only: loaded the first time the menu button is pressed.
const MobileMenu = lazy(() => import('./MobileMenu'));

/**
 * The marketing header of SPEC §2. Desktop from 768 px; the secondary links (templates,
 * pricing, AI translate, free trial) join the top row from 1280 px; below 768 px a menu button
 * opens a drawer with the same entries.
 */
export function MarketingHeader() {
  const { t } = useTranslation();
  const [drawerOpened, drawer] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="lg" wrap="nowrap">
            <Logo />
            <Box visibleFrom="sm">
              <AllToolsMenu />
            </Box>
          </Group>
          <Box className={classes.search} visibleFrom="sm">
            <ToolSearch />
          </Box>
          <Group gap={4} wrap="nowrap" visibleFrom="sm">
            <Group gap={4} wrap="nowrap" visibleFrom="lg">
              <InertButton label={t('header.templates')} variant="subtle" />
              <InertButton label={t('header.pricing')} variant="subtle" />
              <InertButton label={t('header.aiTranslate')} variant="subtle" />
            </Group>
            <InertButton label={t('header.login')} variant="default" />
            <Box visibleFrom="lg">
              <InertButton label={t('header.freeTrial')} variant="filled" />
            </Box>
          </Group>
          <Burger
            hiddenFrom="sm"
            opened={drawerOpened}
            onClick={drawer.toggle}
            aria-label={t('header.openMenu')}
            size="sm"
          />
        </Group>
      </Container>
      {drawerOpened && (
        <Suspense fallback={null}>
          <MobileMenu onClose={drawer.close} />
        </Suspense>
      )}
    </header>
  );
}
