import { Box, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentOperatingSystem } from './operatingSystem';
import { loadCountry, useShellConfig } from './shellApi';
import { storeLinksFor, storeVariant } from './storeLinks';

/**
 * The promo banner of SPEC §1 and §9 on phones: the mobile app's store links for the visitor's
 * language and country. Shown only when the operator configured a store link.
 */
export function PromoBanner() {
  const { t, i18n } = useTranslation();
  const config = useShellConfig();
  const [country, setCountry] = useState('');
  const [closed, setClosed] = useState(false);
  const configured = Object.values(config.mobile_store).some((l) => l.android !== '' || l.ios !== '');
  useEffect(() => {
    if (!configured) return;
    let live = true;
    void loadCountry().then((c) => live && setCountry(c));
    return () => {
      live = false;
    };
  }, [configured]);
  if (!configured || closed) return null;
  const links = storeLinksFor(config, storeVariant(i18n.language, country));
  const os = currentOperatingSystem();
  // A phone gets its own store; anything else gets every store there is.
  const android = os === 'ios' ? '' : links.android;
  const ios = os === 'android' ? '' : links.ios;
  if (android === '' && ios === '') return null;
  return (
    <Box hiddenFrom="sm" role="region" aria-label={t('shell.promo.label')} bg="brand.0" px="md" py="xs" data-testid="promo-banner">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" fw={600}>{t('shell.promo.title')}</Text>
        <Group gap={6} wrap="nowrap">
          {android && (
            <Button component="a" href={android} size="compact-sm" radius="xl" leftSection={<IconBrandAndroid size={16} />}>
              {t('shell.promo.android')}
            </Button>
          )}
          {ios && (
            <Button component="a" href={ios} size="compact-sm" radius="xl" leftSection={<IconBrandApple size={16} />}>
              {t('shell.promo.ios')}
            </Button>
          )}
          <CloseButton size="sm" aria-label={t('shell.promo.close')} onClick={() => setClosed(true)} />
        </Group>
      </Group>
    </Box>
  );
}
