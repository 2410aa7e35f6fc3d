/**
 * Every route that takes an id is tried by user B with user A's ids, and must refuse without
 * telling that the id exists (2405, HTTP 404) or refuse the caller (403). The list of routes
 * comes from the server's own OpenAPI document, so a new route with an id fails here until
 * it has a probe.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Envelope, SignStoredItem, TaskCreated, UnreadCounts } from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundDocument, streamed } from './aiClient.js';
import { newClient, queryDb, removeDir, signUp, startServer, upload, waitForTask, type Client, type TestServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';
import { textImagePng } from './readBack.js';
import { lighthouseReport } from './reportFixture.js';

let server: TestServer;

interface Account {
  client: Client;
  wsId: string;
  pdf: string;
  pdf2: string;
  image: string;
}

/** What a user keeps in the AI tools: a bound document, a conversation with one answer, a note on it. */
interface AiObjects {
  aiDoc: string;
  conversation: string;
  record: string;
  note: string;
}

let a: Account & AiObjects & { task: string; multi: string; messageId: string; doc: string; folder: string; share: string; conversationShare: string };
let b: Account & AiObjects;

async function aiObjects(client: Client): Promise<AiObjects> {
  const bound = await boundDocument(server, client, 'report.pdf', lighthouseReport());
  if (bound.state !== 'success') throw new Error(`analysis failed: ${JSON.stringify(bound)}`);
  const events = await streamed(client, '/api/v2/conversation/chat/stream', { file_id: bound.file_id, question: 'When was the service founded?' });
  const start = events[0];
  if (start?.type !== 'start' || !start.conversation_id) throw new Error(`chat failed: ${JSON.stringify(events)}`);
  const note = await client.api<{ note_id: string }>('POST', '/api/v2/note/add', { conversation_id: start.conversation_id, record_id: start.record_id, content: 'mine' });
  return { aiDoc: bound.file_id, conversation: start.conversation_id, record: start.record_id, note: note.env.data.note_id };
}

async function account(name: string): Promise<Account> {
  const { client, session } = await signUp(server);
  const file = async (n: string, bytes: Buffer) => (await upload(server, n, bytes, undefined, client)).file_id;
  return {
    client,
    wsId: session.user.ws_id,
    pdf: await file(`${name}.pdf`, makePdf([`${name} one`, `${name} two`])),
    pdf2: await file(`${name}-2.pdf`, makePdf([`${name} three`])),
    image: await file(`${name}.png`, textImagePng(name, 72)),
  };
}

beforeAll(async () => {
  server = await startServer();
  const alice = await account('alice');
  const multi = `alice-${randomUUID()}`;
  const task = await alice.client.api<TaskCreated>('POST', '/api/document/rotate', { file_id: alice.pdf, angle: 90, multi_id: multi });
  if (task.env.code !== 0) throw new Error(`alice's task failed to start: ${JSON.stringify(task.env)}`);
  await waitForTask(server, task.env.data.task_id, undefined, alice.client);
  expect((await alice.client.api('POST', '/api/file/sign', { file_id: alice.image })).env.code).toBe(0);
  const messageId = randomUUID();
  const [user] = queryDb<{ user_id: string }>(server, 'select user_id from users where ws_id = ?', alice.wsId);
  queryDb(server, `insert into messages (msg_id, recipient, template_type, title, remark, icon_url, site_img, site_url, created_at)
    values (?, ?, 1, 'For Alice', 'private', '', '', '', ?)`, messageId, `u:${user!.user_id}`, Date.now());
  // Alice keeps her second PDF in her cloud, in a folder, and shares her first one.
  const folder = await alice.client.api<{ folder_id: string }>('POST', '/api/v2/cloud/directory/create', { name: 'Private', parent_id: '' });
  const kept = await alice.client.api('PUT', '/api/v2/cloud/oss/file/create', { file_id: alice.pdf2, folder_id: folder.env.data.folder_id });
  const shared = await alice.client.api<{ share_code: string }>('POST', '/api/share/share-file', { share_key: alice.pdf, share_type: 2, share_days: 1 });
  if (kept.env.code !== 0 || shared.env.code !== 0) throw new Error(`alice's cloud failed: ${JSON.stringify([kept.env, shared.env])}`);
  // Alice chats about a report and shares the conversation.
  const alicesAi = await aiObjects(alice.client);
  const conversationShare = await alice.client.api<{ share_code: string }>('POST', '/api/v2/conversation/share', { conversation_id: alicesAi.conversation });
  a = {
    ...alice, ...alicesAi, task: task.env.data.task_id, multi, messageId, doc: alice.pdf2, folder: folder.env.data.folder_id, share: shared.env.data.share_code,
    conversationShare: conversationShare.env.data.share_code,
  };
  const bobsAccount = await account('bob');
  b = { ...bobsAccount, ...(await aiObjects(bobsAccount.client)) };
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

type Result = { http: number; env: Envelope<unknown> };

/** Refused as if the object did not exist. */
function expectHidden(r: Result, what: string): void {
  expect({ what, http: r.http, code: r.env.code }).toEqual({ what, http: 404, code: 2405 });
}

const bob = <T>(method: string, url: string, body?: unknown) => b.client.api<T>(method, url, body);

/**
 * A tool route tried with Alice's file ids, with Bob's own files but Alice's multi_id, and
 * where the route takes several files, with Bob's first file beside Alice's others.
 */
function toolProbe(
  method: 'GET' | 'POST',
  url: (fileId: string) => string,
  body: (ids: { pdf: string; pdf2: string; image: string }) => Record<string, unknown>,
  options: { severalFiles?: boolean } = {},
) {
  return async () => {
    const alices = { pdf: a.pdf, pdf2: a.pdf2, image: a.image };
    const send = (ids: typeof alices, extra: Record<string, unknown>) => {
      const payload = { ...body(ids), ...extra };
      return method === 'GET'
        ? bob('GET', `${url(ids.pdf)}?${new URLSearchParams(payload as Record<string, string>)}`)
        : bob('POST', url(ids.pdf), payload);
    };
    expectHidden(await send(alices, {}), "alice's files");
    if (options.severalFiles) expectHidden(await send({ ...alices, pdf: b.pdf }, {}), "alice's files beside bob's");
    expectHidden(await send({ pdf: b.pdf, pdf2: b.pdf2, image: b.image }, { multi_id: a.multi }), "alice's multi_id");
  };
}

const pdfTool = (url: string, extra: Record<string, unknown> = {}) => toolProbe('POST', () => url, (ids) => ({ file_id: ids.pdf, ...extra }));

const forgedSignature = 'expires=9999999999&token=forged';

/** One probe per route (`METHOD /api/path` as the OpenAPI document writes it) that takes an id. */
const probes: Record<string, () => Promise<void>> = {
  'PUT /api/storage/object/{file_id}': async () => {
    const r = await b.client.fetch(`/api/storage/object/${a.pdf}?${forgedSignature}`, {
      method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: makePdf(['forged']),
    });
    expect(((await r.json()) as Envelope<unknown>).code).toBe(90002);
  },
  'POST /api/storage/object/{file_id}': async () => {
    expect((await bob('POST', `/api/storage/object/${a.pdf}?${forgedSignature}`, { parts: 1 })).env.code).toBe(90002);
  },
  'PUT /api/storage/object/{file_id}/part/{part}': async () => {
    const r = await b.client.fetch(`/api/storage/object/${a.pdf}/part/1?${forgedSignature}`, {
      method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from('x'),
    });
    expect(((await r.json()) as Envelope<unknown>).code).toBe(90002);
  },
  'POST /api/file/oss/callback': async () => expectHidden(await bob('POST', '/api/file/oss/callback', { file_id: a.pdf }), 'callback'),
  'GET /api/document/info': async () => expectHidden(await bob('GET', `/api/document/info?file_id=${a.pdf}`), 'info'),
  'GET /api/document/page-image': async () => expectHidden(await bob('GET', `/api/document/page-image?file_id=${a.pdf}`), 'page image'),
  'GET /api/document/source': async () => expectHidden(await bob('GET', `/api/document/source?file_id=${a.pdf}`), 'editor source'),
  'POST /api/document/content': async () => {
    const content = { content: { mode: 'ANNOTATE', annotations: [{ kind: 'comment', page: 1, color: '#000000', at: [1, 1], text: 'x' }] } };
    expectHidden(await bob('POST', `/api/document/content?file_id=${a.pdf}`, content), "alice's file");
    expectHidden(await bob('POST', `/api/document/content?file_id=${b.pdf}`, { ...content, multi_id: a.multi }), "alice's multi_id");
  },
  'GET /api/get-task-result': async () => {
    expectHidden(await bob('GET', `/api/get-task-result?task_id=${a.task}`), 'task_id');
    expectHidden(await bob('GET', `/api/get-task-result?multi_id=${a.multi}`), 'multi_id');
  },
  'GET /api/task-events': async () => {
    expectHidden(await bob('GET', `/api/task-events?task_id=${a.task}`), 'task_id events');
    expectHidden(await bob('GET', `/api/task-events?multi_id=${a.multi}`), 'multi_id events');
  },
  'GET /api/document/download-doc': async () => expectHidden(await bob('GET', `/api/document/download-doc?task_id=${a.task}`), 'download'),
  'GET /api/document/download-doc-bulk': async () => {
    expectHidden(await bob('GET', `/api/document/download-doc-bulk?multi_id=${a.multi}`), 'bulk download');
  },
  'POST /api/task/bind': async () => {
    expectHidden(await bob('POST', '/api/task/bind', { task_id: a.task }), 'bind task_id');
    expectHidden(await bob('POST', '/api/task/bind', { multi_id: a.multi }), 'bind multi_id');
  },
  'POST /api/merge': toolProbe('POST', () => '/api/merge', (ids) => ({ file_ids: [ids.pdf, ids.pdf2] }), { severalFiles: true }),
  'POST /api/split': pdfTool('/api/split', { mode: 'every' }),
  'POST /api/document/rotate': pdfTool('/api/document/rotate', { angle: 90 }),
  'POST /api/document/cut': pdfTool('/api/document/cut', { l: 1, r: 1, t: 1, b: 1 }),
  'POST /api/extract_page': pdfTool('/api/extract_page', { delete_pages: '1' }),
  'POST /api/extract_images': pdfTool('/api/extract_images'),
  'POST /api/encrypt': pdfTool('/api/encrypt', { new_password: 'secret-123' }),
  'POST /api/decode': pdfTool('/api/decode', { password: 'secret-123' }),
  'POST /api/compress': pdfTool('/api/compress'),
  'POST /api/document/replacetext': pdfTool('/api/document/replacetext', { find: 'one', replace: 'two' }),
  'POST /api/document/redaction/{file_id}/redaction': toolProbe('POST', (f) => `/api/document/redaction/${f}/redaction`, () => ({ search: ['one'] })),
  'POST /api/document/redaction/{file_id}/redaction/{password}': toolProbe('POST', (f) => `/api/document/redaction/${f}/redaction/pw`, () => ({ search: ['one'] })),
  'POST /api/document/content/{file_id}/sign': toolProbe('POST', (f) => `/api/document/content/${f}/sign`, (ids) => ({
    placements: [{ sign_file_id: ids.image, page: 1, x: 10, y: 10, w: 50, h: 20 }],
  }), { severalFiles: true }),
  'POST /api/document/content/{file_id}/sign/{password}': toolProbe('POST', (f) => `/api/document/content/${f}/sign/pw`, (ids) => ({
    placements: [{ sign_file_id: ids.image, page: 1, x: 10, y: 10, w: 50, h: 20 }],
  }), { severalFiles: true }),
  'POST /api/image_ocr': toolProbe('POST', () => '/api/image_ocr', (ids) => ({ file_ids: [ids.image], languages: ['eng'] })),
  'POST /api/images_merge_pdf': toolProbe('POST', () => '/api/images_merge_pdf', (ids) => ({ file_ids: [ids.image] })),
  'POST /api/images_process': toolProbe('POST', () => '/api/images_process', (ids) => ({ mode: 'rotate', file_ids: [ids.image], angle: 90 })),
  'GET /api/converter': toolProbe('GET', () => '/api/converter', (ids) => ({ file_id: ids.pdf, output_format: 'txt' })),
  'POST /api/converter': toolProbe('POST', () => '/api/converter', (ids) => ({ file_id: ids.pdf, output_format: 'txt' })),
  'POST /api/file/sign': async () => expectHidden(await bob('POST', '/api/file/sign', { file_id: a.image }), 'save signature'),
  'DELETE /api/file/sign': async () => {
    expectHidden(await bob('DELETE', `/api/file/sign?file_id=${a.image}`), 'delete signature');
    const list = await a.client.api<{ signs: SignStoredItem[] }>('GET', '/api/file/sign');
    expect(list.env.data.signs.map((s) => s.file_id)).toContain(a.image);
  },
  'GET /api/file/sign/image': async () => expectHidden(await bob('GET', `/api/file/sign/image?file_id=${a.image}`), 'signature image'),
  'GET /api/v1/prodweb/message/exist/unread': async () => {
    await expectCallerRefused('GET', `/api/v1/prodweb/message/exist/unread?pid=4512&wsid=${a.wsId}`);
    await expectClientSignRefused((sign) => ['GET', `/api/v1/prodweb/message/exist/unread?pid=4512&client_sign=${sign}`]);
  },
  'GET /api/v1/prodweb/message/list': async () => {
    await expectCallerRefused('GET', `/api/v1/prodweb/message/list?pid=4512&wsid=${a.wsId}`);
    await expectClientSignRefused((sign) => ['GET', `/api/v1/prodweb/message/list?pid=4512&client_sign=${sign}`]);
  },
  'POST /api/v1/prodweb/message/update/unread': async () => {
    await expectCallerRefused('POST', '/api/v1/prodweb/message/update/unread', { pid: 4512, wsid: a.wsId, is_all: 1 });
    await expectClientSignRefused((sign) => ['POST', '/api/v1/prodweb/message/update/unread', { pid: 4512, client_sign: sign, is_all: 1 }]);
    const unread = async () => (await a.client.api<UnreadCounts>('GET', `/api/v1/prodweb/message/exist/unread?pid=4512&wsid=${a.wsId}`)).env.data;
    const before = await unread();
    expect(before.unread_msg_count).toBeGreaterThanOrEqual(1);
    await bob('POST', '/api/v1/prodweb/message/update/unread', { pid: 4512, wsid: b.wsId, template_type: 1, user_msg_ids: [a.messageId] });
    expect(await unread()).toEqual(before);
  },
  'GET /api/v1/prodweb/operation/detail': async () => {
    await expectCallerRefused('GET', `/api/v1/prodweb/operation/detail?pid=4512&key=home&wsid=${a.wsId}`);
    await expectClientSignRefused((sign) => ['GET', `/api/v1/prodweb/operation/detail?pid=4512&key=home&client_sign=${sign}`]);
  },
  'GET /api/v2/billing/demo/checkout': async () => {
    const checkoutId = await alicesCheckout();
    expectHidden(await bob('GET', `/api/v2/billing/demo/checkout?checkout_id=${checkoutId}`), 'demo checkout');
  },
  'POST /api/v2/billing/demo/confirm': async () => {
    const checkoutId = await alicesCheckout();
    expectHidden(await bob('POST', '/api/v2/billing/demo/confirm', { checkout_id: checkoutId }), 'demo confirm');
    expect((await a.client.api<{ pay: number }>('GET', '/api/account/refresh')).env.data.pay).toBe(0);
  },
  'POST /api/v2/cloud/list': async () => {
    expectHidden(await bob('POST', '/api/v2/cloud/list', { folder_id: a.folder }), "alice's folder");
    expect((await bob<{ documents: unknown[] }>('POST', '/api/v2/cloud/list', { keyword: 'alice' })).env.data.documents).toEqual([]);
  },
  'POST /api/v2/cloud/directory/create': async () => {
    expectHidden(await bob('POST', '/api/v2/cloud/directory/create', { name: 'Inside', parent_id: a.folder }), 'create in her folder');
  },
  'POST /api/v2/cloud/directory/rename': async () => {
    expectHidden(await bob('POST', '/api/v2/cloud/directory/rename', { folder_id: a.folder, name: 'Mine' }), 'rename her folder');
  },
  'DELETE /api/v2/cloud/directory/delete/{did}': async () => {
    expectHidden(await bob('DELETE', `/api/v2/cloud/directory/delete/${a.folder}`), 'delete her folder');
  },
  'POST /api/v2/cloud/star/mark': async () => expectHidden(await bob('POST', '/api/v2/cloud/star/mark', { file_ids: [a.doc] }), 'star'),
  'POST /api/v2/cloud/star/unmark': async () => expectHidden(await bob('POST', '/api/v2/cloud/star/unmark', { file_ids: [a.doc] }), 'unstar'),
  'POST /api/v2/cloud/file/move': async () => {
    expectHidden(await bob('POST', '/api/v2/cloud/file/move', { file_id: a.doc, folder_id: '' }), 'move her document');
    const mine = await bob<{ folder_id: string }>('POST', '/api/v2/cloud/directory/create', { name: `Bob ${randomUUID()}`, parent_id: '' });
    const kept = await bob('PUT', '/api/v2/cloud/oss/file/create', { file_id: b.pdf2, folder_id: '' });
    expect(kept.env.code).toBe(0);
    expectHidden(await bob('POST', '/api/v2/cloud/file/move', { file_id: b.pdf2, folder_id: a.folder }), 'move into her folder');
    expect(mine.env.code).toBe(0);
  },
  'POST /api/v2/cloud/file/rename': async () => expectHidden(await bob('POST', '/api/v2/cloud/file/rename', { file_id: a.doc, name: 'x.pdf' }), 'rename'),
  'DELETE /api/v2/cloud/file/delete/{file_id}': async () => expectHidden(await bob('DELETE', `/api/v2/cloud/file/delete/${a.doc}`), 'delete'),
  'DELETE /api/v2/cloud/multi/delete': async () => {
    expectHidden(await bob('DELETE', '/api/v2/cloud/multi/delete', { file_ids: [a.doc] }), 'multi delete documents');
    expectHidden(await bob('DELETE', '/api/v2/cloud/multi/delete', { folder_ids: [a.folder] }), 'multi delete folders');
  },
  'POST /api/v2/cloud/multi/move': async () => {
    expectHidden(await bob('POST', '/api/v2/cloud/multi/move', { file_ids: [a.doc], target_folder_id: '' }), 'multi move documents');
    expectHidden(await bob('POST', '/api/v2/cloud/multi/move', { folder_ids: [a.folder], target_folder_id: '' }), 'multi move folders');
  },
  'DELETE /api/v2/cloud/recent/delete': async () => expectHidden(await bob('DELETE', '/api/v2/cloud/recent/delete', { file_ids: [a.doc] }), 'recent delete'),
  'PUT /api/v2/cloud/oss/file/create': async () => {
    expectHidden(await bob('PUT', '/api/v2/cloud/oss/file/create', { file_id: a.pdf, folder_id: '' }), 'keep her upload');
    expectHidden(await bob('PUT', '/api/v2/cloud/oss/file/create', { file_id: b.image, folder_id: a.folder }), 'keep into her folder');
  },
  'GET /api/v2/cloud/file/download-url': async () => expectHidden(await bob('GET', `/api/v2/cloud/file/download-url?file_id=${a.doc}`), 'download url'),
  'POST /api/v2/cloud/file/multi-download': async () => {
    expectHidden(await bob('POST', '/api/v2/cloud/file/multi-download', { file_ids: [a.doc] }), 'zip documents');
    expectHidden(await bob('POST', '/api/v2/cloud/file/multi-download', { folder_ids: [a.folder] }), 'zip folders');
  },
  'GET /api/v2/cloud/task/result': async () => {
    expectHidden(await bob('GET', `/api/v2/cloud/task/result?task_id=${a.task}`), 'save her result');
    // His own finished task, saved into her folder.
    const own = await bob<TaskCreated>('POST', '/api/document/rotate', { file_id: b.pdf2, angle: 90 });
    expect(own.env.code).toBe(0);
    await waitForTask(server, own.env.data.task_id, undefined, b.client);
    expectHidden(await bob('GET', `/api/v2/cloud/task/result?task_id=${own.env.data.task_id}&folder_id=${a.folder}`), 'save his result into her folder');
    // The refusal was the folder's: into his own cloud it is saved.
    expect((await bob('GET', `/api/v2/cloud/task/result?task_id=${own.env.data.task_id}`)).env.code).toBe(0);
  },
  'GET /api/v2/cloud/task/download-task-url': async () => {
    expectHidden(await bob('GET', `/api/v2/cloud/task/download-task-url?task_id=${a.task}`), 'her result url');
  },
  'POST /api/v2/cloud/upload/url': async () => {
    expectHidden(await bob('POST', '/api/v2/cloud/upload/url', { url: 'https://example.com/a.pdf', folder_id: a.folder, auto_oss_upload: true }), 'import into her folder');
  },
  'GET /api/v2/cloud/object/{file_id}': async () => {
    expectHidden(await bob('GET', `/api/v2/cloud/object/${a.doc}?${forgedSignature}`), 'forged download');
  },
  'GET /api/v2/cloud/task-object/{task_id}': async () => {
    expectHidden(await bob('GET', `/api/v2/cloud/task-object/${a.task}?${forgedSignature}`), 'forged result download');
  },
  'GET /api/v2/cloud/archive': async () => {
    const selection = Buffer.from(JSON.stringify({ o: a.doc, f: [a.doc], d: [] })).toString('base64url');
    expectHidden(await bob('GET', `/api/v2/cloud/archive?selection=${selection}&${forgedSignature}`), 'forged archive');
  },
  'POST /api/share/share-file': async () => {
    expectHidden(await bob('POST', '/api/share/share-file', { share_key: a.pdf, share_type: 2, share_days: 1 }), 'share her file');
  },
  'POST /api/share/share-file-qrcode': async () => {
    expectHidden(await bob('POST', '/api/share/share-file-qrcode', { share_key: a.doc, share_type: 3, share_days: 1 }), 'qr of her file');
  },
  'POST /api/share/revoke': async () => {
    expectHidden(await bob('POST', '/api/share/revoke', { share_code: a.share }), 'revoke her share');
    expect((await bob('GET', `/api/share/get-share-file?share_code=${a.share}`)).env.code).toBe(0);
  },
  'POST /api/file/bind': async () => expectHidden(await bob('POST', '/api/file/bind', { file_ids: [a.aiDoc] }), 'bind her document'),
  'POST /api/v2/file/info': async () => expectHidden(await bob('POST', '/api/v2/file/info', { file_id: a.aiDoc }), 'her document\'s AI status'),
  'GET /api/v2/file/download-url': async () => expectHidden(await bob('GET', `/api/v2/file/download-url?file_id=${a.aiDoc}`), 'her document\'s URL'),
  'POST /api/v2/chat/summary': async () => expectHidden(await bob('POST', '/api/v2/chat/summary', { file_id: a.aiDoc }), 'her summary'),
  'POST /api/v2/translate/document': async () => {
    expectHidden(await bob('POST', '/api/v2/translate/document', { file_id: a.pdf, source_lang: 'en', target_lang: 'es' }), 'her PDF translated');
  },
  'POST /api/v2/chat/summary/stream': async () => expectHidden(await bob('POST', '/api/v2/chat/summary/stream', { file_id: a.aiDoc }), 'her summary stream'),
  'POST /api/v2/chat/completion': async () => {
    expectHidden(await bob('POST', '/api/v2/chat/completion', { file_id: a.aiDoc, action: 'ask', text: 'When?' }), 'AI read on her document');
  },
  'POST /api/v2/chat/completion/stream': async () => {
    expectHidden(await bob('POST', '/api/v2/chat/completion/stream', { file_id: a.aiDoc, action: 'ask', text: 'When?' }), 'AI read stream on her document');
  },
  'POST /api/v2/conversation/chat/stream': async () => {
    const chat = (body: Record<string, unknown>) => bob('POST', '/api/v2/conversation/chat/stream', { question: 'When?', ...body });
    expectHidden(await chat({ file_id: a.aiDoc }), 'chat on her document');
    expectHidden(await chat({ file_id: b.aiDoc, conversation_id: a.conversation }), 'ask in her conversation');
    expectHidden(await chat({ file_id: b.aiDoc, record_id: a.record }), 'take her record id');
    expectHidden(await chat({ file_id: b.aiDoc, conversation_id: b.conversation, record_id: a.record, regenerate: true }), 'regenerate her answer');
  },
  'GET /api/v2/conversation/list': async () => {
    const listed = await bob<{ conversations: unknown[] }>('GET', `/api/v2/conversation/list?file_id=${a.aiDoc}`);
    expect(listed.env.data.conversations).toEqual([]);
  },
  'GET /api/v2/conversation/detail': async () => expectHidden(await bob('GET', `/api/v2/conversation/detail?conversation_id=${a.conversation}`), 'her conversation'),
  'GET /api/v2/conversation/record-id': async () => expectHidden(await bob('GET', `/api/v2/conversation/record-id?conversation_id=${a.conversation}`), 'record id in hers'),
  'POST /api/v2/conversation/top': async () => expectHidden(await bob('POST', '/api/v2/conversation/top', { conversation_id: a.conversation, top: true }), 'pin hers'),
  'POST /api/v2/conversation/del': async () => expectHidden(await bob('POST', '/api/v2/conversation/del', { conversation_id: a.conversation }), 'delete hers'),
  'POST /api/v2/conversation/edit': async () => expectHidden(await bob('POST', '/api/v2/conversation/edit', { conversation_id: a.conversation, title: 'Mine' }), 'rename hers'),
  'POST /api/v2/conversation/share': async () => expectHidden(await bob('POST', '/api/v2/conversation/share', { conversation_id: a.conversation }), 'share hers'),
  'POST /api/v2/conversation/sync': async () => expectHidden(await bob('POST', '/api/v2/conversation/sync', { conversation_id: a.conversation, lang: 'de' }), 'her language'),
  'POST /api/v2/conversation/history/upvote': async () => expectHidden(await bob('POST', '/api/v2/conversation/history/upvote', { record_id: a.record, vote: -1 }), 'rate her answer'),
  'GET /api/v2/stream/cancel': async () => expectHidden(await bob('GET', `/api/v2/stream/cancel?record_id=${a.record}`), 'cancel her stream'),
  'GET /api/v2/note/list': async () => expectHidden(await bob('GET', `/api/v2/note/list?conversation_id=${a.conversation}`), 'her notes'),
  'POST /api/v2/note/add': async () => {
    expectHidden(await bob('POST', '/api/v2/note/add', { conversation_id: a.conversation, content: 'x' }), 'note in hers');
    expectHidden(await bob('POST', '/api/v2/note/add', { conversation_id: b.conversation, record_id: a.record, content: 'x' }), 'note on her answer');
  },
  'DELETE /api/v2/note/delete': async () => expectHidden(await bob('DELETE', '/api/v2/note/delete', { note_id: a.note }), 'delete her note'),
  'POST /api/v1/common/common/log/': async () => {
    const tid = randomUUID();
    const [alice] = queryDb<{ user_id: string }>(server, 'select user_id from users where ws_id = ?', a.wsId);
    const [bobUser] = queryDb<{ user_id: string }>(server, 'select user_id from users where ws_id = ?', b.wsId);
    expect((await bob('POST', '/api/v1/common/common/log/', { tid, uid: alice!.user_id, pid: 4512 })).env.code).toBe(0);
    // The uid in the payload is only a claim: the row belongs to whoever sent it.
    expect(queryDb<{ owner: string }>(server, 'select owner from purchase_logs where tid = ?', tid)).toEqual([{ owner: `u:${bobUser!.user_id}` }]);
  },  // AI part 2: the detector and the proofreader read only their caller's uploads.
  'POST /api/v2/ai-detect/predict/file': async () => expectHidden(await bob('POST', '/api/v2/ai-detect/predict/file', { file_id: a.pdf }), 'detect her file'),
  'POST /api/v2/ai-proofread/file': async () => expectHidden(await bob('POST', '/api/v2/ai-proofread/file', { file_id: a.pdf, lang: 'en' }), 'proofread her file'),
};

async function alicesCheckout(): Promise<string> {
  const started = await a.client.api<{ checkout_id: string }>('POST', '/api/v2/billing/checkout', { plan: 'Monthly_Plan' });
  expect(started.env.code).toBe(0);
  return started.env.data.checkout_id;
}

/** Routes whose ids name public objects that every visitor may read. */
const publicIds: Record<string, string> = {
  'GET /api/v1/pdfTemplate/template/detail': 'templates are a public gallery',
  'GET /api/v1/pdfTemplate/template/download-file': 'templates are a public gallery',
  'GET /api/v1/pdfTemplate/template/add-num': 'templates are a public gallery',
  'GET /api/v1/pdfTemplate/template/thumbnail': 'templates are a public gallery',
  'GET /api/v1/pdfTemplate/template/banner': 'template categories are public',
  'GET /api/share/get-share-file': 'a share code is the capability its owner hands out; every signed-in holder may open it',
  'GET /api/share/download-share-file': 'a share code is the capability its owner hands out; every signed-in holder may open it',
  'GET /api/v2/conversation/share/preview': 'a conversation share code is the capability its owner hands out (guests read 30 % of it, the share gate)',
};

/** Bob naming Alice's ws id. */
async function expectCallerRefused(method: string, url: string, body?: unknown): Promise<void> {
  const r = await bob(method, url, body);
  expect({ url, http: r.http, code: r.env.code }).toEqual({ url, http: 403, code: 'MESSAGE_CALLER_MISMATCH' });
}

/** One guest sending another guest's client_sign. */
async function expectClientSignRefused(request: (sign: string) => [string, string, unknown?]): Promise<void> {
  const first = newClient(server);
  const sign = (await first.api<{ client_sign: string }>('GET', '/api/v2/user/client-sign')).env.data.client_sign;
  const [method, url, body] = request(encodeURIComponent(sign));
  const r = await newClient(server).api(method, url, typeof body === 'object' && body ? { ...body, client_sign: sign } : body);
  expect({ url, http: r.http, code: r.env.code }).toEqual({ url, http: 403, code: 'MESSAGE_CALLER_MISMATCH' });
}

const ID_NAME = /(^|_)ids?$|^wsid$|^client_sign$|^did$|^share_(code|key)$|^selection$/;

/** The names of a JSON schema's properties, nested objects and arrays included. */
function propertyNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
  return [
    ...Object.entries(s.properties ?? {}).flatMap(([name, child]) => [name, ...propertyNames(child)]),
    ...propertyNames(s.items),
    ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(propertyNames),
  ];
}

interface Operation {
  parameters?: { name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

async function routesTakingIds(): Promise<string[]> {
  const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
  const routes: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const names = [
        ...(operation.parameters ?? []).map((p) => p.name),
        ...propertyNames(operation.requestBody?.content?.['application/json']?.schema),
      ];
      if (names.some((n) => ID_NAME.test(n))) routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

describe('authorisation on every route that takes an id', () => {
  it('has a probe (or a public-object reason) for every registered route that takes an id', async () => {
    const routes = await routesTakingIds();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !(r in probes) && !(r in publicIds))).toEqual([]);
    expect(Object.keys(probes).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.keys(probes))('refuses user B the objects of user A on %s', async (route) => {
    await probes[route]!();
  });

  it('answers an unknown, a revoked and an expired share code alike (11016) on the public share routes', async () => {
    const share = async () => (await a.client.api<{ share_code: string }>('POST', '/api/share/share-file', { share_key: a.pdf, share_type: 2, share_days: 1 })).env.data.share_code;
    const revoked = await share();
    expect((await a.client.api('POST', '/api/share/revoke', { share_code: revoked })).env.code).toBe(0);
    const expired = await share();
    queryDb(server, 'update shares set expires_at = ? where share_code = ?', Date.now() - 1000, expired);
    const unknown = randomBytes(16).toString('base64url');
    expect(unknown.length).toBe(a.share.length);
    for (const route of ['/api/share/get-share-file', '/api/share/download-share-file']) {
      // The live code opens: the routes are the capability's, not closed to Bob.
      expect((await bob('GET', `${route}?share_code=${a.share}`)).env.code).toBe(0);
      const answers = await Promise.all([unknown, revoked, expired].map(async (code) => {
        const r = await bob('GET', `${route}?share_code=${code}`);
        return { http: r.http, env: r.env };
      }));
      expect(answers[0]!.env.code).toBe(11016);
      expect({ route, revoked: answers[1], expired: answers[2] }).toEqual({ route, revoked: answers[0], expired: answers[0] });
    }
  });

  it('leaves every object of user A reachable by user A after the attempts', async () => {
    expect((await a.client.api('GET', `/api/document/info?file_id=${a.pdf}`)).env.code).toBe(0);
    expect((await a.client.api('GET', `/api/get-task-result?multi_id=${a.multi}`)).env.code).toBe(0);
    expect((await a.client.fetch(`/api/document/download-doc?task_id=${a.task}`)).status).toBe(200);
    expect((await a.client.fetch(`/api/file/sign/image?file_id=${a.image}`)).status).toBe(200);
    const folder = await a.client.api<{ documents: { file_id: string; name: string }[] }>('POST', '/api/v2/cloud/list', { folder_id: a.folder });
    expect(folder.env.data.documents.map((d) => [d.file_id, d.name])).toEqual([[a.doc, 'alice-2.pdf']]);
    const shares = await a.client.api<{ shares: { share_code: string }[] }>('GET', '/api/share/list');
    expect(shares.env.data.shares.map((s) => s.share_code)).toContain(a.share);
    const conversation = await a.client.api<{ title: string; top: boolean; lang: string; records: { record_id: string; upvote: number }[] }>(
      'GET', `/api/v2/conversation/detail?conversation_id=${a.conversation}`);
    expect(conversation.env.data).toMatchObject({ title: 'When was the service founded?', top: false, lang: 'en' });
    expect(conversation.env.data.records).toEqual([expect.objectContaining({ record_id: a.record, upvote: 0 })]);
    const notes = await a.client.api<{ notes: { note_id: string }[] }>('GET', `/api/v2/note/list?conversation_id=${a.conversation}`);
    expect(notes.env.data.notes.map((n) => n.note_id)).toEqual([a.note]);
    expect((await a.client.api('POST', '/api/v2/file/info', { file_id: a.aiDoc })).env.code).toBe(0);
    expect((await newClient(server).api('GET', `/api/v2/conversation/share/preview?share_code=${a.conversationShare}`)).env.code).toBe(0);
  });
});
