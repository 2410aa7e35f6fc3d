/**
 * The message service of SPEC §7 and the Message entity of §3: a message goes to one user or
 * to everyone, each reader has their own read state. Calls carry the product id and the
 * caller: a signed-in user's ws id, or a guest's client_sign (SPEC §6).
 */
import { z } from 'zod';
import { cloudLimits, productId } from './limits.js';
import { route } from './route.js';
import { messageBar } from './site.js';

/** template_type of SPEC §3; 0 asks for both. */
export const messageTemplateTypes = { all: 0, message: 1, system: 2 } as const;
/** read_status of the list call. */
export const messageReadStatuses = { all: 0, unread: 2 } as const;

const pid = z.coerce.number().int().refine((v) => v === productId, `pid must be ${productId}`);
const templateType = z.coerce.number().int().min(0).max(2).default(messageTemplateTypes.all);

/** Who asks: `wsid` when signed in, `client_sign` for a guest. */
export const messageCaller = z.object({
  pid,
  wsid: z.string().max(128).optional(),
  client_sign: z.string().max(512).optional(),
});
export type MessageCaller = z.infer<typeof messageCaller>;

export const unreadCounts = z.object({
  total_unread_count: z.number().int(),
  unread_msg_count: z.number().int(),
  unread_system_count: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const messageListRequest = messageCaller.extend({
  template_type: templateType,
  current: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(cloudLimits.messagePageSize).default(cloudLimits.messagePageSize),
  read_status: z.coerce.number().int().refine((v) => v === 0 || v === 2, 'read_status is 0 (all) or 2 (unread)')
    .default(messageReadStatuses.all),
});
export type MessageListRequest = z.input<typeof messageListRequest>;

/** The Message entity of SPEC §3. */
export const message = z.object({
  user_msg_id: z.string(),
  title: z.string(),
  remark: z.string(),
  /** Seconds since the epoch. */
  create_time: z.number().int(),
  is_read: z.union([z.literal(0), z.literal(1)]),
  icon_url: z.string(),
  site_img: z.string(),
  /** Where the History dialog points; empty for a message without a page. */
  site_url: z.string(),
  template_type: z.union([z.literal(1), z.literal(2)]),
});
export type Message = z.infer<typeof message>;

export const messageList = z.object({
  list: z.array(message),
  total: z.number().int(),
  current: z.number().int(),
  page_size: z.number().int(),
});
export type MessageList = z.infer<typeof messageList>;

/** Ids as a JSON array or as one comma-joined string. */
const messageIds = z.union([z.array(z.string().min(1).max(64)), z.string().max(10_000)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',').map((s) => s.trim()).filter(Boolean)))
  .pipe(z.array(z.string()).max(cloudLimits.messagePageSize));

export const updateUnreadRequest = messageCaller.extend({
  template_type: templateType,
  /** 1 marks every message of template_type read; 0 only `user_msg_ids`. */
  is_all: z.coerce.number().int().min(0).max(1).default(0),
  user_msg_ids: messageIds.default([]),
});
export type UpdateUnreadRequest = z.input<typeof updateUnreadRequest>;

export const updateUnreadResult = z.object({ updated: z.number().int() });

export const operationDetailRequest = messageCaller.extend({ key: z.string().min(1).max(64) });
export type OperationDetailRequest = z.input<typeof operationDetailRequest>;

/** The operation resources of a key: the message-bar entries of SPEC §3 showing now. */
export const operationDetail = z.object({ operation_list: z.array(messageBar) });
export type OperationDetail = z.infer<typeof operationDetail>;

/**
 * The message service of SPEC §7. Each call names its reader with wsid (signed in) or
 * client_sign (guest); a reader only ever sees and marks their own messages.
 */
export const messageRoutes = {
  existUnread: route({
    method: 'GET', path: '/v1/prodweb/message/exist/unread', auth: 'visitor',
    summary: "The reader's unread counts: all, messages (template_type 1) and system info (2).",
    query: messageCaller, response: unreadCounts,
  }),
  list: route({
    method: 'GET', path: '/v1/prodweb/message/list', auth: 'visitor',
    summary: "The reader's messages, newest first, of a template_type (0 both), all or unread (read_status 2).",
    query: messageListRequest, response: messageList,
  }),
  updateUnread: route({
    method: 'POST', path: '/v1/prodweb/message/update/unread', auth: 'visitor',
    summary: "Marks the reader's messages read: every one of a template_type (is_all 1) or the listed user_msg_ids.",
    body: updateUnreadRequest, response: updateUnreadResult,
  }),
  operationDetail: route({
    method: 'GET', path: '/v1/prodweb/operation/detail', auth: 'visitor',
    summary: 'The operation resources (message-bar entries) of a key that are showing now.',
    query: operationDetailRequest, response: operationDetail,
  }),
};
