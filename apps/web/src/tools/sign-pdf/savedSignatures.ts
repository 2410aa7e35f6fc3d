import type { SignStoredItem } from '@pagewright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, isCanceled } from '../../api/ApiError';
import { deleteSavedSignature, listSavedSignatures, saveSignature } from '../../api/client';
import { showErrorToast } from '../../toasts/errorToast';

export const savedSignaturesKey = ['saved-signatures'] as const;

/**
 * A failure of a saved-signature call as a toast: the catalogue message of its code (SIGNATURES_FULL
 * included) in the visitor's language; the envelope msg is English and is not shown.
 */
export function showSignatureError(error: unknown): void {
  showErrorToast(error);
}

/** The saved signatures of this browser (SPEC §7 GET/POST/DELETE file/sign), newest first. */
export function useSavedSignatures() {
  const queryClient = useQueryClient();
  const setList = (update: (list: SignStoredItem[]) => SignStoredItem[]) =>
    queryClient.setQueryData<SignStoredItem[]>(savedSignaturesKey, (list) => update(list ?? []));

  const list = useQuery({
    queryKey: savedSignaturesKey,
    queryFn: ({ signal }) => listSavedSignatures(signal),
  });
  useEffect(() => {
    if (list.error && !isCanceled(list.error)) showSignatureError(list.error);
  }, [list.error]);

  const save = useMutation({
    mutationFn: (fileId: string) => saveSignature(fileId),
    onSuccess: (item) => setList((all) => [item, ...all.filter((s) => s.file_id !== item.file_id)]),
    onError: showSignatureError,
  });

  const remove = useMutation({
    mutationFn: (fileId: string) => deleteSavedSignature(fileId),
    onSuccess: (_data, fileId) => setList((all) => all.filter((s) => s.file_id !== fileId)),
    onError: (error, fileId) => {
      // 2405: already gone (deleted in another tab); the list drops it all the same.
      if (error instanceof ApiError && error.code === 2405) setList((all) => all.filter((s) => s.file_id !== fileId));
      showSignatureError(error);
    },
  });

  return { list, save, remove };
}
