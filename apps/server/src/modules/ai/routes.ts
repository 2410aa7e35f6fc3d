import { aiRoutes } from '@pagewright/contracts';
import type { FastifyReply } from 'fastify';
import { implement, type RouteImplementation } from '../../http/route.js';
import { openEventStream } from '../../http/sse.js';
import type { AiService, PreparedAnswer } from './service.js';

const OK = { ok: true as const };

export function aiRoutesOf(ai: AiService): RouteImplementation[] {
  return [
    implement(aiRoutes.bind, async ({ body }, request) => {
      const [fileId = ''] = body.file_ids;
      return { files: [await ai.bind(request.identity, fileId, body.password, request.headers['accept-language'])] };
    }),
    implement(aiRoutes.fileInfo, ({ body }, request) => ai.fileInfo(request.identity.owner, body.file_id)),
    implement(aiRoutes.aiFileDownloadUrl, ({ query }, request) => ai.downloadUrl(request.identity.owner, query.file_id)),
    implement(aiRoutes.summary, ({ body }, request) => ai.summary(request.identity, body)),
    implement(aiRoutes.summaryStream, async ({ body }, request, reply) => stream(reply, await ai.prepareSummary(request.identity, body))),
    implement(aiRoutes.completion, ({ body }, request) => ai.completion(request.identity, body)),
    implement(aiRoutes.completionStream, async ({ body }, request, reply) => stream(reply, await ai.prepareCompletion(request.identity, body))),
    implement(aiRoutes.chatStream, async ({ body }, request, reply) => stream(reply, await ai.prepareChat(request.identity, body))),
    implement(aiRoutes.streamCancel, async ({ query }, request) => {
      await ai.cancelStream(request.identity.owner, query.record_id);
      return OK;
    }),
    implement(aiRoutes.tokenCheck, (_input, request) => ai.tokens(request.identity)),
    implement(aiRoutes.conversationList, async ({ query }, request) => ({ conversations: await ai.conversations(request.identity.owner, query.file_id) })),
    implement(aiRoutes.conversationDetail, ({ query }, request) => ai.conversation(request.identity.owner, query.conversation_id)),
    implement(aiRoutes.conversationRecordId, async ({ query }, request) => ({ record_id: await ai.newRecordId(request.identity.owner, query.conversation_id) })),
    implement(aiRoutes.conversationTop, async ({ body }, request) => {
      await ai.setTop(request.identity.owner, body.conversation_id, body.top);
      return OK;
    }),
    implement(aiRoutes.conversationDelete, async ({ body }, request) => {
      await ai.deleteConversation(request.identity.owner, body.conversation_id);
      return OK;
    }),
    implement(aiRoutes.conversationEdit, async ({ body }, request) => {
      await ai.rename(request.identity.owner, body.conversation_id, body.title);
      return OK;
    }),
    implement(aiRoutes.conversationShare, ({ body }, request) => ai.share(request.identity.owner, body.conversation_id)),
    implement(aiRoutes.conversationSharePreview, ({ query }, request) => ai.sharePreview(request.identity, query.share_code)),
    implement(aiRoutes.conversationSync, async ({ body }, request) => {
      await ai.setLanguage(request.identity.owner, body.conversation_id, body.lang);
      return OK;
    }),
    implement(aiRoutes.conversationUpvote, async ({ body }, request) => {
      await ai.upvote(request.identity.owner, body.record_id, body.vote);
      return OK;
    }),
    implement(aiRoutes.noteList, async ({ query }, request) => ({ notes: await ai.notes(request.identity.owner, query.conversation_id) })),
    implement(aiRoutes.noteAdd, ({ body }, request) => ai.addNote(request.identity.owner, body.conversation_id, body)),
    implement(aiRoutes.noteDelete, async ({ body }, request) => {
      await ai.deleteNote(request.identity.owner, body.note_id);
      return OK;
    }),
  ];
}

/**
 * Writes a prepared answer as server-sent events (the refusals were answered as JSON before
 * it was prepared). A client that leaves stops the answer; what was written is kept.
 */
async function stream(reply: FastifyReply, answer: PreparedAnswer): Promise<FastifyReply> {
  const events = openEventStream(reply);
  events.onClientGone(() => answer.abort());
  try {
    await answer.run((event) => events.send(event));
  } finally {
    events.end();
  }
  return reply;
}
