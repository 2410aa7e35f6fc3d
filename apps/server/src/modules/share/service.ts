import { randomBytes } from 'node:crypto';
import {
  CatalogueError, SHARE_PAGE, mailLanguages, shareLimits, shareMail, shareTypes,
  type DownloadUrl, type MailLanguage, type SharedFile, type ShareItem, type ShareResponse,
} from '@pagewright/contracts';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { OwnerAccount } from '../auth/service.js';
import type { CloudService } from '../cloud/service.js';
import type { FilesService } from '../files/service.js';
import { ShareRepo, type ShareRow } from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const email = z.email();

export interface ShareServiceDeps {
  files: FilesService;
  cloud: CloudService;
  mailer: Mailer;
  accountOf: (owner: string) => Promise<OwnerAccount | null>;
  publicUrl: string;
  /** Permanent links need Premium (SPEC §6); an instance without paywalls lets everyone make them. */
  permanentSharePremiumOnly: boolean;
}

/** What a share call asks for, parsed (contracts' shareRequest). */
export interface ShareOrder {
  share_key: string;
  share_type: number;
  share_days: number;
  source_email?: string | undefined;
  target_email?: string | undefined;
  message?: string | undefined;
  language?: string | undefined;
}

/**
 * Shares of SPEC §2–§9: a link, a QR code or mail to up to five people, each opening
 * /app/pdf-editor?share_id=<code> for a signed-in recipient. Codes are 128 random bits. An
 * expired, revoked or unknown code answers 11016 alike, so a code tells nothing about whether
 * it ever existed.
 */
export class ShareService {
  constructor(private readonly repo: ShareRepo, private readonly deps: ShareServiceDeps) {}

  async share(owner: string, order: ShareOrder, options: { qr: boolean }, now = Date.now()): Promise<ShareResponse> {
    const account = await this.deps.accountOf(owner);
    if (!account) throw new CatalogueError('SHARE_LOGIN_REQUIRED');
    if (order.share_days === shareLimits.permanentDays && this.deps.permanentSharePremiumOnly && !account.pay) throw new CatalogueError('SHARE_PREMIUM_ONLY');
    const recipients = order.share_type === shareTypes.email ? checkEmails(order) : [];
    const limit = account.pay ? shareLimits.dailyLimit.premium : shareLimits.dailyLimit.free;
    if ((await this.repo.countSince(owner, now - DAY_MS)) >= limit) throw new CatalogueError(3023);
    // A shared file must outlive the tool upload's hour: it is kept in the sharer's cloud.
    await this.deps.cloud.adopt(owner, order.share_key, '');
    const file = await this.deps.files.requireUploaded(owner, order.share_key);

    const row: ShareRow = {
      share_code: randomBytes(16).toString('base64url'),
      owner,
      file_id: file.file_id,
      share_type: order.share_type,
      target_email: recipients.join(','),
      created_at: now,
      expires_at: now + order.share_days * DAY_MS,
      revoked_at: null,
    };
    await this.repo.insert(row);
    const shareUrl = this.urlOf(row.share_code);
    if (recipients.length > 0) {
      const language = mailLanguageOf(order.language);
      const sender = displayName(account);
      const days = order.share_days === shareLimits.permanentDays ? null : order.share_days;
      for (const to of recipients) {
        await this.deps.mailer.send({ to, ...shareMail(language, sender, file.filename, shareUrl, days, order.message ?? '') });
      }
    }
    const qr = options.qr || order.share_type === shareTypes.qrCode;
    return {
      share_url: shareUrl,
      share_code: row.share_code,
      expires_at: row.expires_at,
      ...(qr ? { qr_images: await QRCode.toDataURL(shareUrl, { errorCorrectionLevel: 'M', margin: 2, width: 256 }) } : {}),
    };
  }

  async sharedFile(code: string, now = Date.now()): Promise<SharedFile> {
    const { row, file } = await this.open(code, now);
    const account = await this.deps.accountOf(row.owner);
    return {
      file_name: file.filename,
      file_size: file.file_size,
      total_page: file.total_page,
      source_user_id: row.owner.replace(/^u:/, ''),
      owner_name: account ? displayName(account) : '',
      expires_at: row.expires_at,
    };
  }

  async downloadUrl(code: string, now = Date.now()): Promise<DownloadUrl> {
    const { file } = await this.open(code, now);
    return this.deps.cloud.fileDownloadUrl(file.file_id, now);
  }

  async list(owner: string, now = Date.now()): Promise<ShareItem[]> {
    const rows = await this.repo.active(owner, now, 500);
    return rows.map((r) => ({
      share_code: r.share_code, share_url: this.urlOf(r.share_code), share_type: r.share_type, file_id: r.file_id,
      file_name: r.filename, target_email: r.target_email, created_at: r.created_at, expires_at: r.expires_at,
    }));
  }

  async revoke(owner: string, code: string, now = Date.now()): Promise<void> {
    if (!(await this.repo.revoke(owner, code, now))) throw new CatalogueError(2405, 'no such share of the caller');
  }

  async sweep(now = Date.now()): Promise<number> {
    return this.repo.sweep(now - DAY_MS);
  }

  private async open(code: string, now: number) {
    const row = await this.repo.get(code);
    if (!row || row.revoked_at !== null || row.expires_at <= now) throw new CatalogueError(11016);
    const file = await this.deps.files.find(row.file_id);
    if (!file || file.status !== 'uploaded') throw new CatalogueError(11016);
    return { row, file };
  }

  private urlOf(code: string): string {
    return `${this.deps.publicUrl}${SHARE_PAGE}?share_id=${code}`;
  }
}

/**
 * SPEC §5 share by email: the sender's own address required and valid (one ending in @mobile
 * counts as none), one to five recipients, each valid, none twice (case-insensitively).
 */
function checkEmails(order: ShareOrder): string[] {
  const source = (order.source_email ?? '').trim();
  if (source === '' || /@mobile$/i.test(source) || !email.safeParse(source).success) throw new CatalogueError('EMAIL_INVALID', 'source_email');
  const recipients = (order.target_email ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (recipients.length === 0) throw new CatalogueError('EMAIL_INVALID', 'target_email is empty');
  if (recipients.length > shareLimits.maxRecipients) throw new CatalogueError('TOO_MANY_RECIPIENTS');
  const seen = new Set<string>();
  for (const recipient of recipients) {
    if (!email.safeParse(recipient).success) throw new CatalogueError('EMAIL_INVALID', recipient);
    const key = recipient.toLowerCase();
    if (seen.has(key)) throw new CatalogueError('EMAIL_IN_USE', recipient);
    seen.add(key);
  }
  return recipients;
}

function mailLanguageOf(language: string | undefined): MailLanguage {
  const tag = (language ?? 'en').toLowerCase();
  return (mailLanguages as readonly string[]).includes(tag) ? (tag as MailLanguage) : 'en';
}

/** The name a recipient sees: first and last name, else the address's local part; one line. */
function displayName(account: OwnerAccount): string {
  const name = `${account.first_name} ${account.last_name}`.trim() || account.email.split('@')[0] || account.email;
  return name.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 80);
}
