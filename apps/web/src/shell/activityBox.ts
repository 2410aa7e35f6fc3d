import { activityBoxHiddenPages, type AppPageName } from '@pagewright/contracts';
import { appPageOf } from './appPage';

const collapsedKey = 'pagewright.activityBoxCollapsed';

/** SPEC §2: the activity box stays off the AI pages and the editor. */
export function activityBoxVisible(pathname: string): boolean {
  const page = appPageOf(pathname);
  return !(page !== null && (activityBoxHiddenPages as readonly string[]).includes(page as AppPageName));
}

/** SPEC §4: expanded unless the collapsed flag is stored. */
export function activityBoxCollapsed(storage: Storage = sessionStorage): boolean {
  return storage.getItem(collapsedKey) === '1';
}

export function collapseActivityBox(storage: Storage = sessionStorage): void {
  storage.setItem(collapsedKey, '1');
}

export function expandActivityBox(storage: Storage = sessionStorage): void {
  storage.removeItem(collapsedKey);
}

/** The flag lives until the page unloads (SPEC §4); a reload shows the box expanded again. */
export function clearActivityBoxOnUnload(target: Window = window, storage: Storage = sessionStorage): () => void {
  const clear = () => storage.removeItem(collapsedKey);
  target.addEventListener('pagehide', clear);
  return () => target.removeEventListener('pagehide', clear);
}
