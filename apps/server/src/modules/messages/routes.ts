import {
  messageCaller, messageList, messageListRequest, messagePaths, operationDetail, operationDetailRequest,
  unreadCounts, updateUnreadRequest, updateUnreadResult,
} from '@pagewright/contracts';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import type { MessagesService } from './service.js';

/**
 * The message service of SPEC §7. Each call names its reader with wsid (signed in) or
 * client_sign (guest); a reader only ever sees and marks their own messages.
 */
export function messagesRoutes(messages: MessagesService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: messagePaths.existUnread,
      summary: "The reader's unread counts: all, messages (template_type 1) and system info (2).",
      query: messageCaller,
      response: unreadCounts,
      handler: ({ query }, request) => messages.unread(messages.readerOf(request.identity, query)),
    }),
    defineRoute({
      method: 'GET',
      url: messagePaths.list,
      summary: "The reader's messages, newest first, of a template_type (0 both), all or unread (read_status 2).",
      query: messageListRequest,
      response: messageList,
      handler: ({ query }, request) => messages.list(messages.readerOf(request.identity, query), query),
    }),
    defineRoute({
      method: 'POST',
      url: messagePaths.updateUnread,
      summary: "Marks the reader's messages read: every one of a template_type (is_all 1) or the listed user_msg_ids.",
      body: updateUnreadRequest,
      response: updateUnreadResult,
      handler: ({ body }, request) => messages.markRead(messages.readerOf(request.identity, body), body),
    }),
    defineRoute({
      method: 'GET',
      url: messagePaths.operationDetail,
      summary: 'The operation resources (message-bar entries) of a key that are showing now.',
      query: operationDetailRequest,
      response: operationDetail,
      handler: async ({ query }, request) => {
        messages.readerOf(request.identity, query);
        return messages.operationDetail(query.key);
      },
    }),
  ];
}
