import { desktopOperatingSystems, type DesktopOperatingSystem } from '@pagewright/contracts';
import { Button, Menu } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconBrandWindows, IconChevronDown, IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentOperatingSystem } from './operatingSystem';
import { useShellConfig } from './shellApi';

const icons: Record<DesktopOperatingSystem, typeof IconBrandWindows> = {
  windows: IconBrandWindows,
  mac: IconBrandApple,
  android: IconBrandAndroid,
  ios: IconBrandApple,
};

/**
 * The top bar's download entry of SPEC §2: the operator's app for Windows, Mac, Android and
 * iOS, this system's first. Absent when the operator offers no app.
 */
export function DesktopDownload() {
  const { t } = useTranslation();
  const { downloads } = useShellConfig();
  const offered = desktopOperatingSystems.filter((os) => downloads[os] !== '');
  if (offered.length === 0) return null;
  const own = currentOperatingSystem();
  const ordered = own && offered.includes(own) ? [own, ...offered.filter((os) => os !== own)] : offered;
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false} trigger="click-hover">
      <Menu.Target>
        <Button variant="subtle" color="dark" leftSection={<IconDeviceDesktop size={18} />} rightSection={<IconChevronDown size={14} />} data-testid="desktop-download">
          {t('topbar.desktopApp')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ordered.map((os) => {
          const Icon = icons[os];
          return (
            <Menu.Item key={os} component="a" href={downloads[os]} leftSection={<Icon size={16} />} fw={os === own ? 700 : undefined}>
              {t(`shell.download.${os}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
