/**
 * Messages between our windows (SPEC §7: `{product}Token` messages set the user token; SPEC §4:
 * the login frame says whether cookies work in it). Only messages from our own origin count: any
 * page can post to a window it holds, and a token from elsewhere would sign the user in as
 * someone else.
 */
export const tokenMessageType = 'pagewrightToken';
export const cookieSupportMessageType = 'pagewrightLoginCookies';

export interface TokenMessage {
  type: typeof tokenMessageType;
  token: string;
}

export interface CookieSupportMessage {
  type: typeof cookieSupportMessageType;
  supported: boolean;
}

type IncomingMessage = Pick<MessageEvent, 'origin' | 'data'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The token a message carries, or null when it is not our token message from our origin. */
export function readTokenMessage(event: IncomingMessage, ownOrigin: string): string | null {
  if (event.origin !== ownOrigin || !isRecord(event.data)) return null;
  const { type, token } = event.data;
  if (type !== tokenMessageType || typeof token !== 'string' || token.trim() === '') return null;
  return token;
}

/** Whether the login frame can keep cookies, or null when the message is not that report. */
export function readCookieSupportMessage(event: IncomingMessage, ownOrigin: string): boolean | null {
  if (event.origin !== ownOrigin || !isRecord(event.data)) return null;
  const { type, supported } = event.data;
  if (type !== cookieSupportMessageType || typeof supported !== 'boolean') return null;
  return supported;
}

export function tokenMessage(token: string): TokenMessage {
  return { type: tokenMessageType, token };
}

export function cookieSupportMessage(supported: boolean): CookieSupportMessage {
  return { type: cookieSupportMessageType, supported };
}
