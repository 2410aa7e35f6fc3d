import { fileExtension, type AiFileInfo, type LimitKey } from '@pagewright/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCanceled, toApiError, type ApiErrorCode } from '../api/ApiError';
import { openPayDialog } from '../billing/payStore';
import { decideFileSize } from '../limits/limitRules';
import { currentLimitAccount, handleLimitRefusal } from '../limits/uploadLimits';
import { prepareDocument, reopenDocument } from './documentAnalysis';

export type AnalysisState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; progress: number }
  | { phase: 'analysing'; name: string; info: AiFileInfo | null }
  | { phase: 'ready'; info: AiFileInfo }
  | { phase: 'failed'; name: string; code: ApiErrorCode };

/** Why a chosen file is not uploaded at all, before any byte is sent. */
export type FileRefusal = { kind: 'notPdf' } | { kind: 'tooLarge'; maximum: number } | { kind: 'upgrade' };

/** Upload failures the user cannot act on are the catalogue's "upload failed, file kept" (SPEC §8). */
function uploadCode(code: ApiErrorCode): ApiErrorCode {
  return code === 'UNKNOWN' || code === 'ERR_BAD_RESPONSE' || code === 500 ? 'OSSUploadFail' : code;
}

/**
 * The document of an AI page (SPEC §2 single upload, forced cloud upload): the chosen PDF is
 * checked against the page's limit key, uploaded, bound and followed through its analysis; a
 * document bound before (an earlier conversation) is followed from its status. Leaving the
 * page or choosing another file stops the one under way.
 */
export function useDocumentAnalysis(limitKey: LimitKey) {
  const [state, setState] = useState<AnalysisState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const begin = () => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    return next.signal;
  };

  const fail = useCallback((name: string, error: unknown, signal: AbortSignal, duringUpload: boolean) => {
    if (signal.aborted || isCanceled(error)) return;
    const { code } = toApiError(error);
    // An upgrade or a sign-in lifts a limit refusal: its dialog opens beside the message.
    handleLimitRefusal(error);
    setState({ phase: 'failed', name, code: duringUpload ? uploadCode(code) : code });
  }, []);

  /** Checks and starts a chosen file; answers why it was refused, or null when it is on its way. */
  const upload = useCallback((file: File): FileRefusal | null => {
    if (fileExtension(file.name) !== 'pdf') return { kind: 'notPdf' };
    const decision = decideFileSize(file.size, limitKey, currentLimitAccount());
    if (decision.kind === 'tooLarge') return { kind: 'tooLarge', maximum: decision.maximum };
    if (decision.kind === 'upgrade') {
      openPayDialog(decision.guide);
      return { kind: 'upgrade' };
    }
    const signal = begin();
    const name = file.name;
    if (file.size === 0) {
      setState({ phase: 'failed', name, code: 'PDF_CORRUPTED' });
      return null;
    }
    let uploading = true;
    setState({ phase: 'uploading', name, progress: 0 });
    prepareDocument(file, {
      signal,
      onStage: (stage) => {
        if (signal.aborted) return;
        if (stage.kind === 'uploading') setState({ phase: 'uploading', name, progress: stage.progress });
        else {
          uploading = false;
          setState({ phase: 'analysing', name, info: stage.info });
        }
      },
    }).then(
      (info) => { if (!signal.aborted) setState({ phase: 'ready', info }); },
      (error: unknown) => fail(name, error, signal, uploading),
    );
    return null;
  }, [fail, limitKey]);

  /** Follows a document bound before until it is analysed again (or still is). */
  const reopen = useCallback((fileId: string, name: string) => {
    const signal = begin();
    setState({ phase: 'analysing', name, info: null });
    reopenDocument(fileId, { signal, onInfo: (info) => { if (!signal.aborted) setState({ phase: 'analysing', name, info }); } }).then(
      (info) => { if (!signal.aborted) setState({ phase: 'ready', info }); },
      (error: unknown) => fail(name, error, signal, false),
    );
  }, [fail]);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, upload, reopen, reset };
}
