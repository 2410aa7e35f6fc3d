/**
 * The message-service calls of SPEC §7. Each names its reader: the signed-in user's ws id, or
 * for a guest the client_sign the server hands this browser (fetched once, again if refused).
 */
import {
  accountRoutes, cloudLimits, messageReadStatuses, messageRoutes, productId, type MessageList, type UnreadCounts,
} from '@pagewright/contracts';
import { ApiError } from '../api/ApiError';
import { call } from '../api/http';

/** template_type of the Message and Info tabs. */
export type MessageTab = 1 | 2;

export type Reader = { wsid: string } | { guest: true };

type Caller = { pid: number; wsid: string } | { pid: number; client_sign: string };

let clientSign: Promise<string> | null = null;

function signOnce(): Promise<string> {
  clientSign ??= call(accountRoutes.clientSign, {}).then((r) => r.client_sign);
  clientSign.catch(() => {
    clientSign = null;
  });
  return clientSign;
}

/** Forgets the cached client_sign (after sign-in or sign-out, and in tests). */
export function resetClientSign(): void {
  clientSign = null;
}

/**
 * Calls with the reader's caller fields. A client_sign the server no longer accepts (its
 * secret changed with a restart) is fetched again once.
 */
async function withCaller<T>(reader: Reader, send: (caller: Caller) => Promise<T>): Promise<T> {
  if ('wsid' in reader) return send({ pid: productId, wsid: reader.wsid });
  try {
    return await send({ pid: productId, client_sign: await signOnce() });
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'CLIENT_SIGN_INVALID') throw err;
    resetClientSign();
    return send({ pid: productId, client_sign: await signOnce() });
  }
}

export function getUnreadCounts(reader: Reader, signal?: AbortSignal): Promise<UnreadCounts> {
  return withCaller(reader, (caller) => call(messageRoutes.existUnread, { query: caller }, { signal }));
}

export function listMessages(reader: Reader, tab: MessageTab, unreadOnly: boolean, signal?: AbortSignal): Promise<MessageList> {
  return withCaller(reader, (caller) => call(messageRoutes.list, {
    query: {
      ...caller,
      template_type: tab,
      current: 1,
      page_size: cloudLimits.messagePageSize,
      read_status: unreadOnly ? messageReadStatuses.unread : messageReadStatuses.all,
    },
  }, { signal }));
}

/** Marks every message of a tab read (is_all 1). */
export async function markAllRead(reader: Reader, tab: MessageTab): Promise<number> {
  return withCaller(reader, async (caller) => (await call(messageRoutes.updateUnread, {
    body: { ...caller, template_type: tab, is_all: 1, user_msg_ids: [] },
  })).updated);
}

/** Marks the given messages read (is_all 0). */
export async function markRead(reader: Reader, tab: MessageTab, ids: string[]): Promise<number> {
  return withCaller(reader, async (caller) => (await call(messageRoutes.updateUnread, {
    body: { ...caller, template_type: tab, is_all: 0, user_msg_ids: ids },
  })).updated);
}
