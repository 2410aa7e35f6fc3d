/**
 * How guessing passwords and mass sign-ups are slowed. Nothing locks an account: a client that
 * keeps failing waits longer and longer, while its owner, signing in from a client that has not
 * been failing on it, is let through.
 */
import type { FastifyRequest } from 'fastify';

/** Who is calling, for the limits: the address as the server sees it (behind the trusted proxy) and the client id cookie. */
export interface CallerClient {
  ip: string;
  clientId: string;
}

export function callerClient(request: FastifyRequest): CallerClient {
  return { ip: request.ip, clientId: request.clientId };
}

/** Failed sign-ins older than this are forgotten. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures for one email before the clients that failed on it must wait. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures of one client, over any emails, before it must wait. */
export const CLIENT_FREE_FAILURES = 20;
/** The longest wait. */
export const MAX_WAIT_MS = 15 * 60_000;
/** Sign-ups are limited per client over this window. */
export const SIGN_UP_WINDOW_MS = 60 * 60_000;

/** Failures in the window and the time of the last one. */
export interface FailureCount {
  count: number;
  last: number;
}

/**
 * Milliseconds still to wait before the next attempt: none below `free` failures, then 2 s after
 * the last failure, doubling with each further failure up to MAX_WAIT_MS.
 */
export function waitAfter(failures: FailureCount, free: number, now: number): number {
  if (failures.count < free) return 0;
  const wait = Math.min(2 ** (failures.count - free + 1) * 1000, MAX_WAIT_MS);
  return Math.max(0, failures.last + wait - now);
}

/** A wait as whole seconds for Retry-After and the message, never 0. */
export function waitSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
