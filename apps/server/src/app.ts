import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, apiRoutes, docsRoutes, openApiDocument } from '@pagewright/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAdapters } from './adapters/index.js';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { failure } from './http/envelope.js';
import { legacyRedirectTarget } from './http/legacyRedirect.js';
import { redactUrl } from './http/redactUrl.js';
import { registerIdentity } from './http/identity.js';
import { LoopDelayMonitor } from './http/loopDelay.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { AuthRepo } from './modules/auth/repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { SignaturesRepo } from './modules/signatures/repo.js';
import { signaturesRoutes } from './modules/signatures/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { SiteService } from './modules/site/service.js';
import { SignaturesService } from './modules/signatures/service.js';
import { IdentitySigner } from './modules/auth/signedIds.js';
import { MessagesRepo } from './modules/messages/repo.js';
import { messagesRoutes } from './modules/messages/routes.js';
import { MessagesService } from './modules/messages/service.js';
import { TemplatesRepo } from './modules/templates/repo.js';
import { templatesRoutes } from './modules/templates/routes.js';
import { TemplatesService } from './modules/templates/service.js';
import { implement, registerRoutes, sendError, type RouteImplementation } from './http/route.js';
import { filesRoutes } from './modules/files/routes.js';
import { FilesService } from './modules/files/service.js';
import { tasksRoutes } from './modules/tasks/routes.js';
import { TasksService } from './modules/tasks/service.js';
import { buildTaskRuntime } from './taskRuntime.js';
import { toolsRoutes } from './modules/tools/routes.js';
import { editorRoutesOf } from './modules/editor/routes.js';
import { billingModule } from './modules/billing/module.js';
import { CloudRepo } from './modules/cloud/repo.js';
import { cloudRoutesOf } from './modules/cloud/routes.js';
import { CloudService } from './modules/cloud/service.js';
import { ShareRepo } from './modules/share/repo.js';
import { shareRoutesOf } from './modules/share/routes.js';
import { ShareService } from './modules/share/service.js';
import { DocumentAnalyser } from './modules/ai/analysis.js';
import { AnalysisPool } from './modules/ai/analysisPool.js';
import { Metering } from './modules/ai/metering.js';
import { AiRepo, DetectorUsageRepo } from './modules/ai/repo.js';
import { aiRoutesOf } from './modules/ai/routes.js';
import { DetectorService } from './modules/ai/detector.js';
import { aiDetectorRoutesOf } from './modules/ai/detectorRoutes.js';
import { ProofreadPool } from './modules/ai/proofreadPool.js';
import { AiService } from './modules/ai/service.js';
import { translationRoutesOf } from './modules/ai/translationRoutes.js';

export const VERSION = '0.1.0';

export interface App {
  http: FastifyInstance;
  db: Db;
  files: FilesService;
  tasks: TasksService;
  /** Starts the queue (recovering interrupted tasks) and the sweeper. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function buildApp(config: Config): Promise<App> {
  const http = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: redactUrl(req.url), reqId: req.id }),
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  // Database (migrated), objects, queue, mail and payments, as configured (src/adapters).
  const adapters = await createAdapters(config, http.log);
  const { db, storage, mailer } = adapters;
  // The engines and a runner for every task kind; a worker process builds the same (worker.ts).
  const { engine, office, files, tasksRepo, tasks, tools: toolsService, translation, editor } = buildTaskRuntime(config, adapters, http.log);
  const queue = adapters.createQueue({ tasksRepo, execute: (t) => tasks.execute(t), changedElsewhere: (id) => tasks.changedElsewhere(id) });
  tasks.attachQueue(queue);

  http.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  registerSecurityHeaders(http, { publicUrl: config.accounts.publicUrl, indexHtmlPath: path.join(config.webDist, 'index.html') });
  const clientSigns = new IdentitySigner(config.accounts.clientSignSecret);
  const signatures = new SignaturesService(new SignaturesRepo(db), files);
  const auth = new AuthService(
    new AuthRepo(db),
    mailer,
    clientSigns,
    [(from, to) => files.transferOwner(from, to), (from, to) => tasks.transferOwner(from, to), (from, to) => signatures.transferOwner(from, to)],
    { sessionTtlMs: config.accounts.sessionTtlMs, publicUrl: config.accounts.publicUrl, registerPerClientPerHour: config.accounts.registerPerClientPerHour },
    http.log,
  );
  registerIdentity(http, () => (request, reply) => auth.resolveUser(request, reply), config.accounts.publicUrl);
  http.setErrorHandler((error, request, reply) => reply.send(sendError(error, request, reply)));

  const accountOf = (owner: string) => auth.accountOf(owner);
  const cloud = new CloudService(new CloudRepo(db), { files, tasks, storage, engine, accountOf, log: http.log }, {
    signingSecret: config.uploadSigningSecret,
    ...(config.urlImportAllowHosts.length > 0
      ? { fetchPolicy: { allowAddress: (_address: string, host: string) => config.urlImportAllowHosts.includes(host.toLowerCase()) } }
      : {}),
  });
  files.attachCloud((row) => cloud.adoptUploaded(row), (owner, size) => cloud.checkRoom(owner, size));
  const shares = new ShareService(new ShareRepo(db), { files, cloud, mailer, accountOf, publicUrl: config.accounts.publicUrl,
    permanentSharePremiumOnly: config.billing.paywalls,
  });

  const aiRepo = new AiRepo(db);
  const analyser = new DocumentAnalyser({ repo: aiRepo, files, storage, engine, pool: new AnalysisPool(), log: http.log });
  const ai = new AiService({
    repo: aiRepo, metering: new Metering(aiRepo, config.billing.paywalls), analyser, files, provider: adapters.ai,
    downloadUrl: (fileId) => cloud.fileDownloadUrl(fileId), publicUrl: config.accounts.publicUrl, paywalls: config.billing.paywalls, log: http.log,
  });
  files.onDeleted((row) => ai.documentRemoved(row.file_id));
  const proofreadPool = new ProofreadPool();

  const billing = billingModule({ db, tasks, files, config, payments: adapters.payments });
  const document = openApiDocument(apiRoutes, VERSION);
  const loopDelay = new LoopDelayMonitor();
  const routes: RouteImplementation[] = [
    ...authRoutes(auth, tasks),
    ...filesRoutes(files),
    ...tasksRoutes(tasks),
    ...toolsRoutes(toolsService),
    ...signaturesRoutes(signatures),
    ...editorRoutesOf(editor),
    ...messagesRoutes(new MessagesService(new MessagesRepo(db), (sign) => clientSigns.clientIdOf(sign))),
    ...templatesRoutes(new TemplatesService(new TemplatesRepo(db), storage)),
    ...siteRoutes(new SiteService(config.shell, config.siteConfig)),
    ...billing.routes,
    ...cloudRoutesOf(cloud),
    ...shareRoutesOf(shares),
    ...aiRoutesOf(ai),
    ...translationRoutesOf(translation),
    ...aiDetectorRoutesOf(new DetectorService({
      usage: new DetectorUsageRepo(db), files, engine, paywalls: config.billing.paywalls, proofreader: proofreadPool,
      model: config.ai.kind === 'openai' ? config.ai : undefined,
    })),
    implement(docsRoutes.openApi, async (_input, _request, reply) => reply.send(document)),
    implement(docsRoutes.health, async () => {
      const memory = process.memoryUsage();
      return {
        version: VERSION,
        memory: { rss: memory.rss, heap_used: memory.heapUsed, external: memory.external },
        engine: { threads: engine.threads, threads_replaced: engine.threadsReplaced },
        event_loop: loopDelay.read(),
      };
    }),
  ];
  registerRoutes(http, routes, apiRoutes);
  await billing.register(http);

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await http.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  }
  http.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const legacy = request.method === 'GET' ? legacyRedirectTarget(request.url) : null;
    if (legacy) return reply.redirect(legacy, 301);
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(failure(2405));
    }
    // Every other GET is a route of the single-page app.
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  let sweeper: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const removedFiles = await files.sweepExpired();
      const removedTasks = await tasks.sweepExpired();
      const removedSessions = await auth.sweepExpired();
      await billing.sweep();
      await shares.sweep();
      if (removedFiles || removedTasks || removedSessions) http.log.info({ removedFiles, removedTasks, removedSessions }, 'swept expired objects');
    } catch (err) {
      http.log.error({ err }, 'sweep failed');
    }
  };

  return {
    http,
    db,
    files,
    tasks,
    async start() {
      loopDelay.start();
      await queue.start();
      await analyser.resumeInterrupted();
      await sweep();
      sweeper = setInterval(() => void sweep(), config.sweepIntervalMs);
      sweeper.unref();
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      loopDelay.stop();
      // Open AI streams end first (kept as cancelled): the HTTP server waits for open replies.
      ai.close();
      const httpClosed = http.close();
      // Busy engine threads and conversions are ended, not awaited: shutdown takes seconds,
      // not a task's time limit. Tasks so interrupted stay 'running' and run again at the
      // next start, as after a kill; their private folders are removed as they end.
      tasks.stop();
      const drained = queue.close();
      await analyser.close();
      await proofreadPool.close();
      await Promise.all([engine.close(), office.close()]);
      await drained;
      await httpClosed;
      await auth.close();
      await mailer.close();
      await db.destroy();
    },
  };
}
