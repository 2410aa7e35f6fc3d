import type { DocumentInfo } from '@pagewright/contracts';
import { useCallback, useEffect, useState } from 'react';
import { toApiError, type ApiErrorCode } from '../../api/ApiError';
import { getDocumentInfo } from '../../api/client';

export type DocumentState =
  | { phase: 'loading' }
  | { phase: 'password'; wrong: boolean }
  | { phase: 'ready'; info: DocumentInfo; password?: string }
  | { phase: 'failed'; code: ApiErrorCode };

const passwordNeeded = 3122;

/**
 * An uploaded PDF opened for viewing: its document info, with the decrypt step of SPEC §2
 * (3122 asks for the password; a wrong one asks again).
 */
export function useDocument(fileId: string | null): { state: DocumentState; unlock: (password: string) => Promise<void> } {
  const [state, setState] = useState<DocumentState>({ phase: 'loading' });

  const open = useCallback(async (id: string, password?: string) => {
    try {
      const info = await getDocumentInfo(id, password);
      setState(password === undefined ? { phase: 'ready', info } : { phase: 'ready', info, password });
    } catch (error) {
      const { code } = toApiError(error);
      if (code === passwordNeeded || code === 'INCORRECT_PASSWORD') {
        setState({ phase: 'password', wrong: password !== undefined });
      } else {
        setState({ phase: 'failed', code });
      }
    }
  }, []);

  useEffect(() => {
    if (fileId === null) return;
    setState({ phase: 'loading' });
    void open(fileId);
  }, [fileId, open]);

  const unlock = useCallback(async (password: string) => {
    if (fileId !== null) await open(fileId, password);
  }, [fileId, open]);

  return { state, unlock };
}
