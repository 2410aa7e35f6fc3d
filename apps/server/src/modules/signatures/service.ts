import {
  API_PREFIX, CatalogueError, imageSizeLimit, signatureRoutes, SAVED_SIGNATURES_MAX, type SignStoredItem,
} from '@pagewright/contracts';
import { readImageSize } from '../../util/imageSize.js';
import type { Identity } from '../../http/identity.js';
import type { FilesService } from '../files/service.js';
import type { SignatureRow, SignaturesRepo } from './repo.js';

/** A saved signature outlives the hour an ordinary upload is kept. */
const KEEP_MS = 10 * 365 * 24 * 60 * 60 * 1000;

const MIME = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', bmp: 'image/bmp' } as const;

/** Signatures kept per owner (user, or guest browser) for sign-pdf: list, save an uploaded image, delete, show. */
export class SignaturesService {
  constructor(private readonly repo: SignaturesRepo, private readonly files: FilesService) {}

  async list(owner: string): Promise<SignStoredItem[]> {
    const rows = await this.repo.list(owner);
    const items: SignStoredItem[] = [];
    for (const row of rows) {
      const file = await this.files.requireUploaded(owner, row.file_id).catch(() => undefined);
      if (file) items.push(this.item(row, file.file_size));
    }
    return items;
  }

  async save(identity: Identity, fileId: string, now = Date.now()): Promise<SignStoredItem> {
    const { owner } = identity;
    const file = await this.files.requireUploaded(owner, fileId);
    const existing = await this.repo.get(owner, fileId);
    if (existing) return this.item(existing, file.file_size);
    if (file.file_size > imageSizeLimit) throw new CatalogueError(4012);
    const size = readImageSize(await this.files.readAll(file));
    if (!size) throw new CatalogueError(3102);
    if ((await this.repo.count(owner)) >= SAVED_SIGNATURES_MAX) throw new CatalogueError('SIGNATURES_FULL');
    const row: SignatureRow = {
      client_id: identity.clientId, owner, file_id: fileId, width: size.width, height: size.height, created_at: now,
    };
    await this.repo.insert(row);
    await this.files.setExpiry(fileId, now + KEEP_MS);
    return this.item(row, file.file_size);
  }

  async remove(owner: string, fileId: string, now = Date.now()): Promise<void> {
    if (!(await this.repo.get(owner, fileId))) throw new CatalogueError(2405);
    await this.repo.delete(owner, fileId);
    // The image goes with the next sweep, unless someone else also keeps it.
    if (!(await this.repo.isSavedByAnyone(fileId))) await this.files.setExpiry(fileId, now);
  }

  /** The image bytes (a saved signature is small: at most the 20 MB image limit). */
  async open(owner: string, fileId: string): Promise<{ bytes: Buffer; type: string }> {
    if (!(await this.repo.get(owner, fileId))) throw new CatalogueError(2405);
    const bytes = await this.files.readAll(await this.files.requireUploaded(owner, fileId));
    const size = readImageSize(bytes);
    if (!size) throw new CatalogueError(3102);
    return { bytes, type: MIME[size.type] };
  }

  /** Gives a guest's saved signatures to the account they signed in to. */
  async transferOwner(fromOwner: string, toOwner: string): Promise<void> {
    await this.repo.transferOwner(fromOwner, toOwner);
  }

  private item(row: SignatureRow, fileSize: number): SignStoredItem {
    return {
      file_id: row.file_id,
      file_size: fileSize,
      oss_domain: '',
      output_file: `${API_PREFIX}${signatureRoutes.image.path}?file_id=${row.file_id}`,
      page_w: row.width,
      page_h: row.height,
      total_page: 1,
    };
  }
}
