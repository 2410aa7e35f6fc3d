/** The detector and proofreader calls (SPEC §7), each a `call` of an `aiDetectorRoutes` declaration. */
import { aiDetectorRoutes, type DetectorCharacters, type DetectorResult, type ProofreadLanguage, type ProofreadResult } from '@pagewright/contracts';
import { call } from '../../api/http';
import { uploadFile } from '../../api/upload';

/** The detector reads long texts: more time than the default before giving up. */
const TIMEOUT_MS = 120_000;

export function detectorCharacters(signal?: AbortSignal): Promise<DetectorCharacters> {
  return call(aiDetectorRoutes.detectorCharacters, {}, { ...(signal ? { signal } : {}) });
}

export function detectText(text: string): Promise<DetectorResult> {
  return call(aiDetectorRoutes.detectText, { body: { text } }, { timeoutMs: TIMEOUT_MS });
}

export async function detectFile(file: File): Promise<DetectorResult> {
  const { file_id } = await uploadFile(file);
  return call(aiDetectorRoutes.detectFile, { body: { file_id } }, { timeoutMs: TIMEOUT_MS });
}

export function proofreadText(text: string, lang: ProofreadLanguage): Promise<ProofreadResult> {
  return call(aiDetectorRoutes.proofreadText, { body: { text, lang } }, { timeoutMs: TIMEOUT_MS });
}

export async function proofreadFile(file: File, lang: ProofreadLanguage): Promise<ProofreadResult> {
  const { file_id } = await uploadFile(file);
  return call(aiDetectorRoutes.proofreadFile, { body: { file_id, lang } }, { timeoutMs: TIMEOUT_MS });
}
