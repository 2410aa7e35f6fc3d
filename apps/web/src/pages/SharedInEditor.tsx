/**
 * /app/pdf-editor?share_id=<code> (SPEC §2): the shared PDF opens in the editor. The recipient
 * signs in first (SPEC §6); the share is resolved by the share calls, which answer 11016 for an
 * expired, revoked or unknown code alike. The recipient edits a copy of their own (the shared
 * bytes uploaded as their file), so export and share work on it as on any file they opened;
 * the owner's file is never changed. A shared file that is not a PDF opens the download page.
 */
import { fileExtension } from '@pagewright/contracts';
import { Alert, Box, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import { ApiError, toApiError } from '../api/ApiError';
import { uploadFile } from '../api/upload';
import { getSharedFile, sharedFileDownloadUrl } from '../share/shareApi';
import { Expired, SHARE_EXPIRED, SharedFile, SignInPrompt } from '../share/SharedFilePage';
import { errorMessage } from '../toasts/errorToast';

/** The shared PDF as the editor opens it: the recipient's own upload of it, with its bytes. */
export interface SharedPdf {
  fileId: string;
  name: string;
  raw: File;
}

type Resolved = { pdf: SharedPdf } | { notPdf: true };

/** Resolves a share code to its file; a PDF is fetched and uploaded as the caller's copy. */
async function openShared(shareCode: string): Promise<Resolved> {
  const shared = await getSharedFile(shareCode);
  if (fileExtension(shared.file_name) !== 'pdf') return { notPdf: true };
  const response = await fetch(await sharedFileDownloadUrl(shareCode), { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status === 404 ? SHARE_EXPIRED : 'ERR_BAD_RESPONSE');
  const raw = new File([await response.blob()], shared.file_name, { type: 'application/pdf' });
  const uploaded = await uploadFile(raw);
  return { pdf: { fileId: uploaded.file_id, name: shared.file_name, raw } };
}

export function SharedInEditor({ shareCode, children }: { shareCode: string; children: (pdf: SharedPdf) => ReactNode }) {
  const { t } = useTranslation();
  const { loggedIn, ready } = useAccount();
  const resolved = useQuery({
    queryKey: ['shared-in-editor', shareCode],
    queryFn: () => openShared(shareCode),
    enabled: loggedIn,
    // One upload per opening: the copy is the recipient's until they leave the page.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    if (ready && !loggedIn) void openLogin();
  }, [ready, loggedIn]);

  const frame = (body: ReactNode) => <Box maw={760} mx="auto" px={{ base: 14, sm: 24 }} py={28} data-testid="shared-in-editor">{body}</Box>;
  if (!ready) return frame(<Loader mx="auto" display="block" />);
  if (!loggedIn) return frame(<SignInPrompt />);
  if (resolved.error) {
    const code = toApiError(resolved.error).code;
    if (code === SHARE_EXPIRED) return frame(<Expired />);
    return frame(<Alert color="red" variant="light" role="alert" data-testid="share-error">{errorMessage(code)}</Alert>);
  }
  if (!resolved.data) return frame(<Loader mx="auto" display="block" aria-label={t('app.loading')} />);
  if ('notPdf' in resolved.data) return <SharedFile shareCode={shareCode} />;
  return <>{children(resolved.data.pdf)}</>;
}
