import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredToolSearch } from '../tools/DeferredToolSearch';
import { DeferredAllToolsMenu } from './DeferredAllToolsMenu';
import { AccountArea } from '../account/AccountArea';
import { FreeTrialButton, HeaderPageLinks } from './HeaderLinks';
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
              <DeferredAllToolsMenu />
            </Box>
          </Group>
          <Box className={classes.search} visibleFrom="sm">
            <DeferredToolSearch />
          </Box>
          <Group gap={4} wrap="nowrap" visibleFrom="sm">
            <Group gap={4} wrap="nowrap" visibleFrom="lg">
              <HeaderPageLinks />
            </Group>
            <AccountArea variant="default" loginTestId="header-login" />
            <Box visibleFrom="lg">
              <FreeTrialButton />
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
