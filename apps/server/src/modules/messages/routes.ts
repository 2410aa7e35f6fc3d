import { messageRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { MessagesService } from './service.js';

/**
 * The message service of SPEC §7. Each call names its reader with wsid (signed in) or
 * client_sign (guest); a reader only ever sees and marks their own messages.
 */
export function messagesRoutes(messages: MessagesService): RouteImplementation[] {
  return [
    implement(messageRoutes.existUnread, ({ query }, request) => messages.unread(messages.readerOf(request.identity, query))),
    implement(messageRoutes.list, ({ query }, request) => messages.list(messages.readerOf(request.identity, query), query)),
    implement(messageRoutes.updateUnread, ({ body }, request) => messages.markRead(messages.readerOf(request.identity, body), body)),
    implement(messageRoutes.operationDetail, async ({ query }, request) => {
      // Every call names a valid caller (SPEC §7), although the resources are the same for everyone.
      messages.readerOf(request.identity, query);
      return messages.operationDetail(query.key);
    }),
  ];
}
