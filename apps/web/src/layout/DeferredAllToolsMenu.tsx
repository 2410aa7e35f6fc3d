import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The mega menu carries Mantine's Menu, focus trap and positioning library; the home page's first
// load shows the button alone and brings the menu when someone points at it or presses it.
const loadAllToolsMenu = () => import('./AllToolsMenu');
const AllToolsMenu = lazy(loadAllToolsMenu);

/** The all-tools button as it first loads; the full menu replaces it, already open, on intent. */
export function DeferredAllToolsMenu() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<{ focus: boolean } | null>(null);
  const want = (focus: boolean) => {
    if (!wanted) startTransition(() => setWanted({ focus }));
  };
  if (wanted) return <AllToolsMenu defaultOpened takeFocus={wanted.focus} />;
  return (
    <Button
      variant="subtle"
      color="dark"
      rightSection={<IconChevronDown size={16} />}
      data-testid="all-tools-menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => void loadAllToolsMenu()}
      onPointerEnter={() => want(false)}
      onClick={() => want(true)}
    >
      {t('header.allTools')}
    </Button>
  );
}
