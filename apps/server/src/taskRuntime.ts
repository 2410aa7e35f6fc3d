/**
 * What runs tasks: the engine pools, the files and tasks services, and a runner for every task
 * kind of the tool table. The API process builds it (app.ts), and so does a worker process of
 * the scale-out queue (worker.ts), which runs the tasks without the HTTP server.
 */
import { taskKindOf, tools } from '@pagewright/contracts';
import type { Adapters } from './adapters/index.js';
import type { Config } from './config.js';
import { LazyOfficePool } from './engine/office.js';
import { EnginePool } from './engine/pool.js';
import { EditorService, CONTENT_TASK_KIND } from './modules/editor/service.js';
import { FilesRepo } from './modules/files/repo.js';
import { FilesService } from './modules/files/service.js';
import { TasksRepo } from './modules/tasks/repo.js';
import { TasksService } from './modules/tasks/service.js';
import { compressKinds } from './modules/tools/kinds/compress.js';
import { converterKinds } from './modules/tools/kinds/converter.js';
import { imageKinds } from './modules/tools/kinds/images.js';
import { ocrKinds } from './modules/tools/kinds/ocr.js';
import { pageKinds } from './modules/tools/kinds/pages.js';
import { protectKinds } from './modules/tools/kinds/protect.js';
import { replaceTextKinds } from './modules/tools/kinds/replaceText.js';
import { ToolsService } from './modules/tools/service.js';
import { createTranslator } from '@pagewright/ai';
import { Metering } from './modules/ai/metering.js';
import { AiRepo } from './modules/ai/repo.js';
import { DocumentTranslation, TRANSLATE_TASK_KIND } from './modules/ai/translation.js';

export interface TaskRuntime {
  engine: EnginePool;
  /** Starts soffice on the first document-to-PDF conversion only. */
  office: LazyOfficePool;
  files: FilesService;
  tasksRepo: TasksRepo;
  tasks: TasksService;
  tools: ToolsService;
  /** The document translator (ai-translator): its task kind runs here, its calls start it in the API process. */
  translation: DocumentTranslation;
  /** The PDF editor: its export is a task kind of its own, outside the tool table. */
  editor: EditorService;
}

export function buildTaskRuntime(
  config: Config,
  { db, storage }: Pick<Adapters, 'db' | 'storage'>,
  log: { error: (o: object, m: string) => void; info: (o: object, m: string) => void },
): TaskRuntime {
  const engine = new EnginePool(config.engineThreads, config.taskTimeoutMs);
  const office = new LazyOfficePool(config.office);
  const files = new FilesService(new FilesRepo(db), storage, engine, {
    signingSecret: config.uploadSigningSecret,
    uploadUrlTtlS: config.uploadUrlTtlS,
  });
  const tasksRepo = new TasksRepo(db);
  const tasks = new TasksService(tasksRepo, storage, log);
  const toolDeps = { files, tasks, storage, engine, office };
  const toolsService = new ToolsService(tasks);
  toolsService.add(
    ...pageKinds(toolDeps), ...compressKinds(toolDeps), ...protectKinds(toolDeps), ...replaceTextKinds(toolDeps),
    ...ocrKinds(toolDeps), ...converterKinds(toolDeps), ...imageKinds(toolDeps),
  );
  const editor = new EditorService({ files, tasks, storage, engine });
  tasks.registerRunner(CONTENT_TASK_KIND, editor.run);
  const unrun = tasks.missingRunners(tools.flatMap((t) => taskKindOf(t) ?? []));
  if (unrun.length > 0) throw new Error(`task kinds of the tool table without a runner: ${unrun.join(', ')}`);
  const translation = new DocumentTranslation({
    files, tasks, storage, engine, translator: createTranslator(config.ai), metering: new Metering(new AiRepo(db), config.billing.paywalls),
  });
  tasks.registerRunner(TRANSLATE_TASK_KIND, translation.run);
  return { engine, office, files, tasksRepo, tasks, tools: toolsService, translation, editor };
}
