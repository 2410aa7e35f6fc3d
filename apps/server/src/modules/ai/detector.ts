/**
 * The AI-text detector and the proofreader (SPEC §1, §3, §5, §7, §8, §9). Text comes pasted or
 * from the owner's uploaded PDF, read by the engine's `documentText` (as the AI analysis reads
 * it). The detector is charged by the character per owner and UTC month; the checks come in
 * the spec's order: too short (DETECTOR_TEXT_TOO_SHORT), over the tier's per-request maximum
 * (11011), over what is left this month (11009; the web app opens the detectorLimit pay dialog
 * for non-VIPs). A file over the detector's page limit is refused with 11010 before its text
 * is read. Another owner's file is as unknown as a missing one (2405, the files module).
 */
import { AiTextDetector, modelFindings, modelLogProbs, ProviderError, type Detection, type DetectorMeasurement, type Finding, type OpenAiSettings } from '@pagewright/ai';
import {
  CatalogueError, detectorFilePages, detectorMinCharacters, fileLimitTable, limitsFor, limitTierOf,
  type DetectorAccuracy, type DetectorCharacters, type DetectorResult, type DocumentText, type ProofreadLanguage, type ProofreadResult,
} from '@pagewright/contracts';
import type { EnginePool } from '../../engine/pool.js';
import type { Identity } from '../../http/identity.js';
import { utcMonth } from '../billing/entitlements.js';
import type { FilesService } from '../files/service.js';
import type { DetectorUsageRepo } from './repo.js';

export interface DetectorServiceDeps {
  usage: DetectorUsageRepo;
  files: FilesService;
  engine: EnginePool;
  /** With the paywalls off (PAYWALLS=off) nothing is refused and everyone has the AI plan's allowance. */
  paywalls: boolean;
  detector?: AiTextDetector;
  /** Spelling and rules: the proofreader's worker thread (proofreadPool.ts). */
  proofreader: { check(text: string, language: ProofreadLanguage): Promise<Finding[]> };
  /** The OpenAI-compatible endpoint when one is configured: its corrections join the proofreader's. */
  model?: OpenAiSettings | undefined;
}

/** A document's text as one string: lines of a block joined by spaces, blocks by blank lines, pages in order. */
export function plainText(text: DocumentText): string {
  return text.pages
    .flatMap((page) => page.blocks.map((block) => block.lines.map((line) => line.text.trim()).filter(Boolean).join(' ')))
    .filter(Boolean)
    .join('\n\n');
}

export class DetectorService {
  private readonly detector: AiTextDetector;

  constructor(private readonly deps: DetectorServiceDeps) {
    this.detector = deps.detector ?? AiTextDetector.load();
  }

  private limits(identity: Identity) {
    const tier = this.deps.paywalls ? limitTierOf(identity.user, 'AIDetector') : 'ai';
    return { tier, ...limitsFor('AIDetector', tier, identity.group) };
  }

  async characters(identity: Identity, now = Date.now()): Promise<DetectorCharacters> {
    return {
      total: this.limits(identity).detectorCharactersPerMonth,
      used: await this.deps.usage.used(identity.owner, utcMonth(now)),
      accuracy: accuracyOf(this.detector.measured),
    };
  }

  async detectText(identity: Identity, text: string, now = Date.now()): Promise<DetectorResult> {
    return this.detect(identity, text.trim(), now);
  }

  async detectFile(identity: Identity, fileId: string, password: string | undefined, now = Date.now()): Promise<DetectorResult> {
    const limits = this.limits(identity);
    const maxPages = limits.tier === 'ai' ? detectorFilePages.paidOnAiPages : detectorFilePages.free;
    const text = await this.fileText(identity.owner, fileId, password, fileLimitTable.AIDetector[identity.group].upgraded.fileSize, (pages) => {
      if (pages > maxPages) throw new CatalogueError(11010, `${pages} pages, the detector reads ${maxPages}`);
    });
    return this.detect(identity, text, now);
  }

  async proofreadText(text: string, language: ProofreadLanguage): Promise<ProofreadResult> {
    const findings = await this.deps.proofreader.check(text, language);
    if (!this.deps.model) return { language, text, findings, provider: 'offline' };
    let suggested;
    try {
      suggested = await modelFindings(this.deps.model, text, language);
    } catch (error) {
      // As for chat: an endpoint that fails is the catalogue's "not working right now".
      if (error instanceof ProviderError) throw new CatalogueError(11006, error.message);
      throw error;
    }
    // Hunspell's and the rules' findings stay; the model's join them where they point at other words.
    const added = suggested.filter((m) => !findings.some((f) => m.start < f.end && f.start < m.end));
    return { language, text, findings: [...findings, ...added].sort((a, b) => a.start - b.start || a.end - b.end), provider: 'openai' };
  }

  async proofreadFile(identity: Identity, fileId: string, language: ProofreadLanguage, password: string | undefined): Promise<ProofreadResult> {
    // SPEC §2: ai-proofread's limit key is AIRead (its file size and pages), not the detector's.
    const tier = this.deps.paywalls ? limitTierOf(identity.user, 'AIRead') : 'ai';
    const limits = limitsFor('AIRead', tier, identity.group);
    const text = await this.fileText(identity.owner, fileId, password, limits.fileSize, (pages) => {
      if (pages > limits.pages) throw new CatalogueError('PAGES_EXCEEDED', `${pages} pages`);
    });
    if (!text.trim()) throw new CatalogueError('PROOFREAD_NO_TEXT', `${fileId} has no text layer`);
    return this.proofreadText(text, language);
  }

  private async detect(identity: Identity, text: string, now: number): Promise<DetectorResult> {
    const limits = this.limits(identity);
    // Code points, as the page counts them: an emoji or a CJK extension character is one character, not two.
    const characters = [...text].length;
    if (characters < detectorMinCharacters) throw new CatalogueError('DETECTOR_TEXT_TOO_SHORT', `${characters} characters`);
    const perRequest = limits.characters ?? Infinity;
    if (this.deps.paywalls && characters > perRequest) throw new CatalogueError(11011, `${characters} characters, at most ${perRequest} a request`);
    const period = utcMonth(now);
    const monthly = limits.detectorCharactersPerMonth;
    // The detection runs only once its characters are taken: two racing requests cannot both spend the last ones.
    if (!(await this.deps.usage.take(identity.owner, period, characters, this.deps.paywalls ? monthly : null))) {
      throw new CatalogueError(11009, `${identity.owner} has fewer than ${characters} detector characters left in ${period}`);
    }
    const detection = this.detector.detect(text);
    const used = await this.deps.usage.used(identity.owner, period);
    const result = toResult(text, detection, characters, Math.max(0, monthly - used));
    const logProbs = this.deps.model ? await modelLogProbs(this.deps.model, text) : null;
    if (!logProbs) return result;
    const mean = logProbs.reduce((a, b) => a + b, 0) / logProbs.length;
    return { ...result, signals: [...result.signals, { name: 'modelLogProb', value: mean, contribution: 0 }], provider: 'openai' };
  }

  /** The text of the owner's uploaded PDF, after its size and page checks. */
  private async fileText(owner: string, fileId: string, password: string | undefined, maxBytes: number, checkPages: (pages: number) => void): Promise<string> {
    const file = await this.deps.files.requireUploaded(owner, fileId);
    if (!/\.pdf$/i.test(file.filename)) throw new CatalogueError('FILE_TYPE_ERROR', `${file.filename} is not a PDF`);
    if (file.file_size > maxBytes) throw new CatalogueError(4012, `${file.file_size} bytes`);
    return this.deps.files.withLocalCopy(file, async (local) => {
      const input = { path: local, ...(password ? { password } : {}) };
      const pages = (await this.deps.engine.run('info', input)).total_page;
      checkPages(pages);
      return plainText(await this.deps.engine.run('documentText', { ...input, maxPages: pages }));
    });
  }
}

function toResult(text: string, detection: Detection, total: number, remain: number): DetectorResult {
  return {
    total,
    remain,
    per_chars: detection.perChars,
    text,
    sentences: detection.sentences.map((s) => ({ text: s.text, start: s.start, end: s.end, score: s.score, likely_ai: s.likelyAi })),
    probability: detection.probability,
    likely_ai: detection.likelyAi,
    threshold: detection.threshold,
    signals: detection.signals,
    accuracy: accuracyOf(detection.measured),
    provider: 'offline',
  };
}

function accuracyOf(measured: DetectorMeasurement): DetectorAccuracy {
  return {
    auc: measured.auc,
    false_positive_rate: measured.falsePositiveRate,
    human_passages: measured.humanPassages,
    machine_passages: measured.machinePassages,
    generator: measured.generator,
  };
}
