/**
 * The entitlement checks of SPEC §5, §6 and §9: before a task is created (file size, pages,
 * files per task, batch, OCR premium-only, daily uses), before a guest downloads, and the
 * equity calls of §7 (`use_check` true checks, false consumes one use).
 */
import { randomUUID } from 'node:crypto';
import {
  CatalogueError, limitsFor, limitTierOf, taskKindOf, tierMaximum, tools, toolsOfTaskKind,
  type AiEquity, type LimitKey, type LimitTier, type PdfEquity,
} from '@pagewright/contracts';
import type { Config } from '../../config.js';
import type { Identity } from '../../http/identity.js';
import type { TaskGate } from '../tasks/service.js';
import { isAnnotateExport } from '../editor/service.js';
import type { BillingRepo } from './repo.js';

export type BillingSettings = Config['billing'];

/** Task kinds whose inputs are several documents of one task: the files-per-task limit. */
const multiFileKinds: ReadonlySet<string> = new Set(tools.filter((t) => t.request?.multiFile).map((t) => taskKindOf(t)!));

interface TaskParamsShape {
  inputs?: { file_id: string; password?: string }[];
  file_id?: string;
  options?: { ocrLanguages?: unknown[] };
}

/** The files a task reads with their passwords, whatever the tool's parameter shape. */
export function taskInputs(params: unknown): Map<string, string | undefined> {
  const p = (params ?? {}) as TaskParamsShape;
  const inputs = p.inputs ?? (p.file_id ? [{ file_id: p.file_id }] : []);
  return new Map(inputs.map((i) => [i.file_id, i.password]));
}

/** Counts a stored PDF's pages (and remembers them); throws when it cannot be read. */
export type PageCounter = (owner: string, fileId: string, password: string | undefined) => Promise<number>;

/**
 * The limit key of SPEC §9 a task is measured by: its tools' key (the tools of one kind agree,
 * tested in contracts), and OCR whenever the task runs OCR.
 */
export function limitKeyOfTask(kind: string, params: unknown): LimitKey {
  // A task of no tool page (the translator of ai-translator) names its key in its params.
  const own = (params as { limit_key?: LimitKey } | undefined)?.limit_key;
  if (own) return own;
  const key = toolsOfTaskKind(kind)[0]?.limitKey ?? 'PDF';
  if (key !== 'PDF') return key;
  const languages = (params as TaskParamsShape | undefined)?.options?.ocrLanguages;
  if (Array.isArray(languages) && languages.length > 0) return 'OCR';
  return 'PDF';
}

export const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10);
export const utcMonth = (now: number): string => new Date(now).toISOString().slice(0, 7);

export class Entitlements {
  constructor(private readonly repo: BillingRepo, private readonly settings: BillingSettings, private readonly countPages: PageCounter) {}

  /** Tasks a tier may start per UTC day; null is no limit. */
  dailyAllowance(tier: LimitTier): number | null {
    if (!this.settings.paywalls) return null;
    if (tier === 'guest') return this.settings.guestTasksPerDay;
    if (tier === 'premium') return null;
    return this.settings.freeDailyTasks;
  }

  readonly gate: TaskGate = async ({ kind, params, identity, multiId }) => {
    if (!this.settings.paywalls) return;
    const key = limitKeyOfTask(kind, params);
    const tier = limitTierOf(identity.user, key);
    const limits = limitsFor(key, tier, identity.group);
    if (key === 'OCR' && !limits.ocr && this.settings.ocrPremiumOnly) throw new CatalogueError('OCR_PREMIUM_ONLY');
    const inputs = taskInputs(params);
    if (multiFileKinds.has(kind) && limits.filesPerTask !== null && inputs.size > limits.filesPerTask) {
      throw new CatalogueError('TOO_MANY_FILES', `${inputs.size} files, at most ${limits.filesPerTask}`);
    }
    // Between the tier's and the paid maximum an upgrade helps (41003); above the paid one nothing does (4012).
    const paid = tierMaximum(key, true, identity.group);
    for (const file of await this.repo.fileFacts([...inputs.keys()])) {
      if (file.file_size > limits.fileSize) {
        const upgradable = file.file_size <= paid.fileSize && limits.fileSize < paid.fileSize;
        throw new CatalogueError(upgradable ? 41003 : 4012, `${file.file_size} bytes, at most ${limits.fileSize} for ${tier} on ${key}`);
      }
      const pages = await this.pagesOf(identity.owner, file, inputs.get(file.file_id));
      if (pages !== null && pages > limits.pages) {
        const upgradable = pages <= paid.pages && limits.pages < paid.pages;
        throw new CatalogueError(upgradable ? 'PAGES_UPGRADE' : 'PAGES_EXCEEDED', `${pages} pages, at most ${limits.pages}`);
      }
    }
    // SPEC §5: export needs PDF access, but the editor's annotate mode is exempt.
    if (isAnnotateExport(kind, params)) return;
    const now = Date.now();
    const outcome = await this.repo.takeDailyUse(identity.owner, multiId, utcDay(now), this.dailyAllowance(tier), limits.batchFiles, now);
    if (outcome === 'daily') throw new CatalogueError(1100777, `${identity.owner} used the day's tasks`);
    if (outcome === 'batch') throw new CatalogueError('BATCH_LIMIT', `batch ${multiId} is full`);
  };

  /**
   * A PDF's page count, read now when no document/info call has stored it. A file that cannot
   * be read is left to the task, which fails with the file's own error (3122, damaged, ...).
   */
  private async pagesOf(owner: string, file: { file_id: string; filename: string; total_page: number | null }, password: string | undefined): Promise<number | null> {
    if (file.total_page !== null) return file.total_page;
    if (!file.filename.toLowerCase().endsWith('.pdf')) return null;
    try {
      return await this.countPages(owner, file.file_id, password);
    } catch {
      return null;
    }
  }

  /** Guests sign in before a download when the operator says so (SPEC §6). */
  checkDownload(identity: Identity): void {
    if (this.settings.paywalls && this.settings.guestDownloadRequiresLogin && !identity.user) {
      throw new CatalogueError('LOGIN_TO_DOWNLOAD');
    }
  }

  /** The day's PDF uses: the same counter tasks take from. */
  async pdfEquity(identity: Identity, consume: boolean): Promise<PdfEquity> {
    const tier = limitTierOf(identity.user, 'PDF');
    const allowance = this.dailyAllowance(tier);
    const now = Date.now();
    const day = utcDay(now);
    let allowed: boolean | undefined;
    if (consume) {
      const outcome = await this.repo.takeDailyUse(identity.owner, `equity:${randomUUID()}`, day, allowance, null, now);
      if (outcome !== 'taken') throw new CatalogueError(1100777, `${identity.owner} used the day's PDF uses`);
      allowed = true;
    }
    const used = await this.repo.countDailyUses(identity.owner, day);
    allowed ??= allowance === null || used < allowance;
    return {
      use_check: !consume,
      allowed,
      pdf_count: allowance,
      pdf_use_count: used,
      remain: allowance === null ? null : Math.max(0, allowance - used),
      period: day,
    };
  }

  /** The month's AI uses: 10 free, 50 premium, 1,000 for AI members (SPEC §9 newer plan). */
  async aiEquity(identity: Identity, consume: boolean): Promise<AiEquity> {
    const tier = limitTierOf(identity.user, 'ChatPDF');
    const allowance = limitsFor('ChatPDF', tier, identity.group).aiUsesPerMonth;
    const period = utcMonth(Date.now());
    let allowed: boolean | undefined;
    if (consume) {
      if (!(await this.repo.consumeEquity(identity.owner, 'ai', period, allowance))) {
        throw new CatalogueError(11003, `${identity.owner} used the month's AI uses`);
      }
      allowed = true;
    }
    const used = await this.repo.equityUsed(identity.owner, 'ai', period);
    allowed ??= used < allowance;
    return {
      use_check: !consume,
      allowed,
      ai_count: allowance,
      ai_use_count: used,
      remain: Math.max(0, allowance - used),
      period,
      policy_name: identity.group,
    };
  }
}
