/**
 * A document on its way to the AI tools (SPEC §4 AI status): uploaded straight to the user's
 * cloud (auto_oss_upload, §6), bound to the AI service (`file/bind`), then its analysis
 * followed on `/v2/file/info` every 300 ms for at most 60 s, after which the upload fails with
 * 90002. A failed analysis carries its catalogue code (NEED_OCR, 11012, AI_PAGE_LIMIT, ...).
 */
import { timing, type AiFileInfo } from '@pagewright/contracts';
import { ApiError } from '../api/ApiError';
import { delay } from '../api/abort';
import { uploadFile } from '../api/upload';
import { bindDocument, getAiFileInfo } from './aiApi';

export interface AnalysisWait {
  signal?: AbortSignal | undefined;
  /** Every status read, the first one included. */
  onInfo?: (info: AiFileInfo) => void;
  readInfo?: (fileId: string, signal?: AbortSignal) => Promise<AiFileInfo>;
  tickMs?: number;
  waitMs?: number;
  now?: () => number;
}

/** The catalogue code of a failed analysis; a failure without one is 11012 (analysis failed). */
export function analysisFailure(info: AiFileInfo): ApiError {
  return new ApiError(info.error_code ?? 11012);
}

/**
 * Follows the analysis from a first status (the bind's answer, or a read of its own) until it
 * succeeds; rejects with its failure code, with 90002 after the wait, or ERR_CANCELED.
 */
export async function waitForAnalysis(first: AiFileInfo, options: AnalysisWait = {}): Promise<AiFileInfo> {
  const {
    signal, onInfo, readInfo = getAiFileInfo, tickMs = timing.summaryTickMs, waitMs = timing.summaryWaitMs, now = Date.now,
  } = options;
  const deadline = now() + waitMs;
  let info = first;
  for (;;) {
    onInfo?.(info);
    if (info.state === 'success') return info;
    if (info.state === 'failed') throw analysisFailure(info);
    if (now() >= deadline) throw new ApiError(90002);
    await delay(tickMs, signal);
    info = await readInfo(info.file_id, signal);
  }
}

export type PreparationStage =
  | { kind: 'uploading'; progress: number }
  | { kind: 'analysing'; info: AiFileInfo | null };

/** Upload, bind and analysis of a PDF the user chose; resolves once the document is analysed. */
export async function prepareDocument(
  file: File,
  { signal, onStage }: { signal?: AbortSignal; onStage: (stage: PreparationStage) => void },
): Promise<AiFileInfo> {
  onStage({ kind: 'uploading', progress: 0 });
  const uploaded = await uploadFile(file, {
    ...(signal ? { signal } : {}),
    autoOssUpload: true,
    onProgress: (done, total) => onStage({ kind: 'uploading', progress: total > 0 ? done / total : 1 }),
  });
  onStage({ kind: 'analysing', info: null });
  const bound = await bindDocument(uploaded.file_id, signal);
  return waitForAnalysis(bound, { signal, onInfo: (info) => onStage({ kind: 'analysing', info }) });
}

/** A document bound earlier (a conversation opened again): its status, followed until analysed. */
export async function reopenDocument(fileId: string, { signal, onInfo }: { signal?: AbortSignal; onInfo?: (info: AiFileInfo) => void }): Promise<AiFileInfo> {
  const info = await getAiFileInfo(fileId, signal);
  return waitForAnalysis(info, { signal, ...(onInfo ? { onInfo } : {}) });
}
