/**
 * SPEC §6: a guest signs in to download. Whether this server asks for it is the operator's
 * setting, so a guest's download first asks the server (a HEAD of the same URL, which the
 * same check refuses); when refused, the guest's sign-in prompt opens, and after the sign-in the
 * guest's task is bound to the account (task/bind) and the download goes ahead.
 */
import { accountRoutes } from '@pagewright/contracts';
import type { MouseEvent } from 'react';
import { useAccountStore } from '../account/accountStore';
import { call } from '../api/http';
import { showErrorToast } from '../toasts/errorToast';
import { useGuestLimit } from './guestLimit';

/** The task or the batch a result link downloads. */
export type DownloadTarget = { task_id: string } | { multi_id: string };

async function downloadAllowed(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    return response.ok;
  } catch {
    // The download itself will say what is wrong with the network.
    return true;
  }
}

function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

async function bindAndDownload(url: string, target: DownloadTarget): Promise<void> {
  await call(accountRoutes.taskBind, { body: target });
  startDownload(url);
}

/** The click handler of a result's download link. Signed-in users download at once. */
export function guardDownload(event: MouseEvent<HTMLAnchorElement>, url: string, target: DownloadTarget): void {
  if (useAccountStore.getState().user) return;
  event.preventDefault();
  void downloadAllowed(url).then((allowed) => {
    if (allowed) startDownload(url);
    else useGuestLimit.getState().show('download', () => void bindAndDownload(url, target).catch(showErrorToast));
  });
}
