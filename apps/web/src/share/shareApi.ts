/** The share calls of SPEC §7 (share/*) and the owner's list and revoke. */
import {
  shareRoutes, shareTypes, type ShareItem, type ShareResponse, type SharedFile,
} from '@pagewright/contracts';
import { call } from '../api/http';
import type { ShareDays } from './shareExpiry';

export interface ShareTarget {
  /** The cloud document's or uploaded file's file_id (the request's share_key). */
  fileId: string;
  name: string;
}

interface Common {
  target: ShareTarget;
  days: ShareDays;
  language: string;
}

/** A link to the file, with its QR code (share-file-qrcode answers both in one share). */
export function shareLink({ target, days, language }: Common): Promise<ShareResponse> {
  return call(shareRoutes.shareFileQrcode, {
    body: { share_key: target.fileId, share_type: shareTypes.link, share_days: days, language },
  });
}

export interface EmailShare extends Common {
  senderEmail: string;
  recipients: readonly string[];
  message: string;
}

/** Mails the link to each recipient, in `language`, with the sender's message. */
export function shareByEmail({ target, days, language, senderEmail, recipients, message }: EmailShare): Promise<ShareResponse> {
  return call(shareRoutes.shareFile, {
    body: {
      share_key: target.fileId,
      share_type: shareTypes.email,
      share_days: days,
      language,
      source_email: senderEmail.trim(),
      target_email: recipients.join(','),
      ...(message.trim() === '' ? {} : { message: message.trim() }),
    },
  });
}

/** SPEC §7 sends a time stamp with each share-code read, so no cache answers for the server. */
const fresh = (shareCode: string) => ({ share_code: shareCode, t: Date.now() });

export function getSharedFile(shareCode: string): Promise<SharedFile> {
  return call(shareRoutes.getShareFile, { query: fresh(shareCode) });
}

/** A short-lived signed URL to the shared file's bytes. */
export async function sharedFileDownloadUrl(shareCode: string): Promise<string> {
  const { download_url: url } = await call(shareRoutes.downloadShareFile, { query: fresh(shareCode) });
  return url;
}

export async function listShares(): Promise<ShareItem[]> {
  const { shares } = await call(shareRoutes.listShares, {});
  return shares;
}

export async function revokeShare(shareCode: string): Promise<void> {
  await call(shareRoutes.revokeShare, { body: { share_code: shareCode } });
}

/** The react-query key of the owner's list, refreshed after each new share or revoke. */
export const sharesQueryKey = ['shares'] as const;
