import { activityBoxHiddenPages, type AppPageName } from '@pagewright/contracts';
import { appPageOf } from './appPage';

const collapsedKey = 'pagewright.activityBoxCollapsed';

/** SPEC §2: the activity box stays off the AI pages and the editor. */
export function activityBoxVisible(pathname: string): boolean {
  const page = appPageOf(pathname);
  return !(page !== null && (activityBoxHiddenPages as readonly string[]).includes(page as AppPageName));
}

/** A phone-sized screen (below SPEC §2's 768 px desktop breakpoint). */
export function narrowScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;
}

/**
 * SPEC §4: expanded unless the collapsed flag is stored; on a phone collapsed until the visitor
 * opens it, so it never takes a fifth of the screen from the work.
 */
export function activityBoxCollapsed(storage: Storage = sessionStorage, narrow = narrowScreen()): boolean {
  const stored = storage.getItem(collapsedKey);
  return stored === null ? narrow : stored === '1';
}

export function collapseActivityBox(storage: Storage = sessionStorage): void {
  storage.setItem(collapsedKey, '1');
}

export function expandActivityBox(storage: Storage = sessionStorage): void {
  storage.setItem(collapsedKey, '0');
}

/** The flag lives until the page unloads (SPEC §4); a reload shows the box expanded again. */
export function clearActivityBoxOnUnload(target: Window = window, storage: Storage = sessionStorage): () => void {
  const clear = () => storage.removeItem(collapsedKey);
  target.addEventListener('pagehide', clear);
  return () => target.removeEventListener('pagehide', clear);
}
