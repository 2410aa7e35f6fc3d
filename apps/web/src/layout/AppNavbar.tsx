import { appNavigation, isToolPageName, type AppNavItem } from '@pagewright/contracts';
import { Badge, NavLink, ScrollArea, Text } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import type en from '../i18n/locales/en.json';
import { appPageIcons, toolIcons } from '../tools/toolIcons';
import classes from './AppNavbar.module.css';

/** The /app left navigation, exactly the contracts' appNavigation (SPEC §2). */
export function AppNavbar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ScrollArea className={classes.scroll} type="scroll">
      <nav aria-label={t('nav.label')} className={classes.nav}>
        {appNavigation.items.map((item) => (
          <NavItem key={item.key} item={item} onNavigate={onNavigate} />
        ))}
        {appNavigation.groups.map((group) => (
          <div key={group.group} className={classes.group} role="group" aria-labelledby={`nav-group-${group.group}`}>
            <Text id={`nav-group-${group.group}`} className={classes.groupLabel}>
              {t(`nav.groups.${group.group}`)}
            </Text>
            {group.items.map((item) => (
              <NavItem key={item.key} item={item} onNavigate={onNavigate} />
            ))}
          </div>
        ))}
      </nav>
    </ScrollArea>
  );
}

function NavItem({ item, onNavigate }: { item: AppNavItem; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const localized = useLocalizedPath();
  const Icon = isToolPageName(item.key) ? toolIcons[item.key] : appPageIcons[item.key] ?? IconPoint;
  const label = isToolPageName(item.key)
    ? t(`tools.${item.key}.title`)
    : t(`nav.items.${item.key as NavItemKey}`, { defaultValue: item.label });
  const active = isActive(item, location.pathname, location.search);
  return (
    <NavLink
      component={Link}
      to={localized(item.path)}
      onClick={onNavigate}
      active={active}
      aria-current={active ? 'page' : undefined}
      label={label}
      leftSection={<Icon size={18} stroke={1.7} aria-hidden="true" />}
      rightSection={item.badge === 'new' ? (
        <Badge size="xs" variant="filled" color="brand" data-testid="nav-badge-new">{t('nav.new')}</Badge>
      ) : undefined}
      className={classes.link}
      data-nav={item.key}
    />
  );
}

/** Navigation entries that are not tools carry their labels under nav.items. */
type NavItemKey = keyof (typeof en)['nav']['items'];

function isActive(item: AppNavItem, pathname: string, search: string): boolean {
  const [path = '', query] = item.path.split('?');
  const current = pathname.replace(/^\/(de|es|fr|jp|pt)(?=\/)/, '').replace(/\/$/, '');
  if (item.key === 'home') return current === '/app' || current === '/app/home';
  if (current !== path) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  const actual = new URLSearchParams(search);
  // The editor opens in annotate mode unless t=edit (SPEC §2).
  return [...wanted].every(([key, value]) =>
    (actual.get(key) ?? (key === 't' ? 'annotate' : null)) === value);
}
