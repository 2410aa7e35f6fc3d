/** The detector and proofreader calls (SPEC §7), each a `call` of an `aiDetectorRoutes` declaration. */
import { aiDetectorRoutes, SESSION_HEADER, type DetectorCharacters, type DetectorResult, type ProofreadLanguage, type ProofreadResult } from '@pagewright/contracts';
import { useAccountStore } from '../../account/accountStore';
import { ApiError, type ApiErrorCode } from '../../api/ApiError';
import { apiUrl, call } from '../../api/http';
import { uploadFile } from '../../api/upload';

/** The detector reads long texts: more time than the default before giving up. */
const TIMEOUT_MS = 120_000;

export function detectorCharacters(signal?: AbortSignal): Promise<DetectorCharacters> {
  return call(aiDetectorRoutes.detectorCharacters, {}, { ...(signal ? { signal } : {}) });
}

export function detectText(text: string): Promise<DetectorResult> {
  return call(aiDetectorRoutes.detectText, { body: { text } }, { timeoutMs: TIMEOUT_MS });
}

/** The detector reads a PDF from the signed-in user's uploads (SPEC §6: login and cloud upload). */
export async function uploadForDetector(file: File): Promise<string> {
  return (await uploadFile(file)).file_id;
}

/** Detects an uploaded PDF's text; an encrypted one answers 3122 until its password comes (INCORRECT_PASSWORD when wrong). */
export function detectUploaded(fileId: string, password?: string): Promise<DetectorResult> {
  return call(aiDetectorRoutes.detectFile, { body: { file_id: fileId, ...(password ? { password } : {}) } }, { timeoutMs: TIMEOUT_MS });
}

export function proofreadText(text: string, lang: ProofreadLanguage): Promise<ProofreadResult> {
  return call(aiDetectorRoutes.proofreadText, { body: { text, lang } }, { timeoutMs: TIMEOUT_MS });
}

export async function proofreadFile(file: File, lang: ProofreadLanguage): Promise<ProofreadResult> {
  const { file_id } = await uploadFile(file);
  return call(aiDetectorRoutes.proofreadFile, { body: { file_id, lang } }, { timeoutMs: TIMEOUT_MS });
}

/**
 * "Apply all" as a Word document: the corrected text posted, the DOCX saved by the browser. A
 * refusal comes back as the usual JSON envelope and is thrown as its catalogue code.
 */
export async function downloadCorrectedDocx(text: string): Promise<void> {
  const token = useAccountStore.getState().token;
  const response = await fetch(apiUrl(aiDetectorRoutes.proofreadDocx.path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token !== null ? { [SESSION_HEADER]: token } : {}) },
    body: JSON.stringify({ text }),
    credentials: 'same-origin',
  }).catch(() => {
    throw new ApiError('ERR_NETWORK');
  });
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const envelope = (await response.json()) as { code?: number | string };
    throw new ApiError((envelope.code ?? 'ERR_BAD_RESPONSE') as ApiErrorCode);
  }
  if (!response.ok) throw new ApiError('ERR_BAD_RESPONSE');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'proofread.docx';
  link.click();
  // The click has handed the blob to the download before the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
