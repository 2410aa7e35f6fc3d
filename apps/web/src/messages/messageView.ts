/** What the message centre and the notifications button show, apart from React. */
import type { UserInfo } from '@pagewright/contracts';
import type { Reader } from './messagesApi';

/** The History dialog's width (SPEC §9). */
export const HISTORY_DIALOG_WIDTH = 940;
/** How often the top bar asks for unread counts while the tab is visible. */
export const UNREAD_POLL_MS = 60_000;

export function readerOf(user: Pick<UserInfo, 'ws_id'> | null): Reader {
  return user ? { wsid: user.ws_id } : { guest: true };
}

/** A badge label: the count, or 99+ above 99; null hides the badge. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/**
 * The address the History dialog may frame: an http(s) URL or a path of this site; anything
 * else (javascript:, data:) is refused.
 */
export function historyFrameUrl(siteUrl: string, origin: string): URL | null {
  if (siteUrl.trim() === '') return null;
  try {
    const url = new URL(siteUrl, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The frame's sandbox. A message's page is one the administrator chose: another site keeps
 * its own origin (so it cannot reach ours), and a page of this site needs its own origin to
 * load its scripts at all. Top navigation and downloads stay blocked.
 */
export const HISTORY_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-forms';
