/**
 * The AI-text detector and the proofreader of AI part 2 (SPEC §1, §3, §5, §7, §8, §9).
 *
 * Detector: `/v2/ai-detect/predict/text` and `/predict/file` answer the detector result of §3
 * (total, remain, per_chars, sentences) with the overall probability, the signals it read and
 * the accuracy measured on the held-out test passages, so the page can state it: a detector
 * gives odds, never certainty. `/v2/ai-detect/char/check` answers the remain info (total and
 * used characters of the month).
 *
 * Proofreader: `/v2/ai-proofread/text` and `/file` answer findings, each with its span in the
 * text, its kind and suggestions; the page offers accept and ignore for each.
 */
import { z } from 'zod';
import { aiProviderName } from './ai.js';
import { route } from './route.js';

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'not an id');

/** SPEC §5: the detector and the proofreader read at least this many characters. */
export const detectorMinCharacters = 250;
/** The largest body either accepts at all; the tier's own per-request maximum (§9) is lower and answered 11011. */
export const aiTextMaxCharacters = 200_000;

export const detectorSignalNames = [
  'meanLogProb', 'burstiness', 'lengthVariation', 'meanSentenceWords', 'vocabularyRichness', 'functionWordRate', 'repeatedTrigrams', 'unseenBigrams',
  'contentRecurrence', 'sentenceOverlap', 'topRankShare', 'surprisalSpread', 'punctuationRate', 'sentenceStartVariety', 'shortSentenceShare',
  // With an endpoint that gives log-probabilities: the mean token log-probability under its model (shown, not part of the probability).
  'modelLogProb',
] as const;

/** The detector's accuracy measured on the held-out test passages of its labelled set (packages/ai/data/detector). */
export const detectorAccuracy = z.object({
  auc: z.number(),
  false_positive_rate: z.number(),
  human_passages: z.number().int(),
  machine_passages: z.number().int(),
  generator: z.string(),
});
export type DetectorAccuracy = z.infer<typeof detectorAccuracy>;

export const detectorSentence = z.object({
  text: z.string(),
  /** Character offsets into the text measured (the pasted text, or the file's text in `text`). */
  start: z.number().int(),
  end: z.number().int(),
  /** Probability (0–1) that the sentence was machine-written. */
  score: z.number(),
  likely_ai: z.boolean(),
});
export type DetectorSentence = z.infer<typeof detectorSentence>;

export const detectorResult = z.object({
  /** Characters measured (and charged). */
  total: z.number().int(),
  /** Characters left this month after this one. */
  remain: z.number().int(),
  /** Share (0–100) of the characters in sentences scored likely machine-written. */
  per_chars: z.number(),
  sentences: z.array(detectorSentence),
  /** The text measured: the file's text for predict/file (the sentences' offsets point into it). */
  text: z.string(),
  probability: z.number(),
  likely_ai: z.boolean(),
  threshold: z.number(),
  signals: z.array(z.object({ name: z.enum(detectorSignalNames), value: z.number(), contribution: z.number() })),
  /** Measured on the labelled test set (see the page): never a promise about this text. */
  accuracy: detectorAccuracy,
  provider: aiProviderName,
});
export type DetectorResult = z.infer<typeof detectorResult>;

/** SPEC §3 remain info (total and used characters of the month), with the accuracy the page states before any detection. */
export const detectorCharacters = z.object({ total: z.number().int(), used: z.number().int(), accuracy: detectorAccuracy });
export type DetectorCharacters = z.infer<typeof detectorCharacters>;

/**
 * The proofreader's languages, the UI's seven: a Debian Hunspell dictionary for the first six;
 * Japanese and Chinese have none (and word lists do not fit unsegmented scripts), so their
 * spelling is a list of known misspellings and their rules are about punctuation and width.
 */
export const proofreadLanguages = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ja', 'zh'] as const;
export type ProofreadLanguage = (typeof proofreadLanguages)[number];

/** character-width: half-width punctuation or katakana in Japanese or Chinese, full-width letters among half-width ones, full-width punctuation in Latin text. */
export const findingKinds = ['spelling', 'repeated-word', 'punctuation-spacing', 'character-width', 'agreement', 'passive-voice', 'long-sentence'] as const;
export type FindingKind = (typeof findingKinds)[number];

export const proofreadFinding = z.object({
  kind: z.enum(findingKinds),
  start: z.number().int(),
  end: z.number().int(),
  /** The text the finding is about (text.slice(start, end)). */
  text: z.string(),
  /** Replacements, best first; empty for a hint (passive voice, long sentence) that has no one fix. */
  suggestions: z.array(z.string()),
});
export type ProofreadFinding = z.infer<typeof proofreadFinding>;

export const proofreadResult = z.object({
  language: z.enum(proofreadLanguages),
  text: z.string(),
  findings: z.array(proofreadFinding),
  provider: aiProviderName,
});
export type ProofreadResult = z.infer<typeof proofreadResult>;

export const aiDetectorRoutes = {
  detectText: route({
    method: 'POST', path: '/v2/ai-detect/predict/text', auth: 'user',
    summary: 'AI-text detector on pasted text: overall probability, per-sentence scores and signals, charged by the character (SPEC §3, §9).',
    body: z.object({ text: z.string().max(aiTextMaxCharacters) }), response: detectorResult,
  }),
  detectFile: route({
    method: 'POST', path: '/v2/ai-detect/predict/file', auth: 'user',
    summary: "AI-text detector on an uploaded PDF's text (10 pages, 100 for AI members; 10 MB).",
    body: z.object({ file_id: id, password: z.string().max(128).optional() }), response: detectorResult,
  }),
  detectorCharacters: route({
    method: 'GET', path: '/v2/ai-detect/char/check', auth: 'user',
    summary: "The month's detector characters: allowed (total) and used.",
    response: detectorCharacters,
  }),
  proofreadText: route({
    method: 'POST', path: '/v2/ai-proofread/text', auth: 'user',
    summary: 'Proofreader on pasted text: spelling (Hunspell) and grammar and style findings with spans and suggestions.',
    body: z.object({ text: z.string().min(1).max(50_000), lang: z.enum(proofreadLanguages) }), response: proofreadResult,
  }),
  proofreadFile: route({
    method: 'POST', path: '/v2/ai-proofread/file', auth: 'user',
    summary: "Proofreader on an uploaded PDF's text.",
    body: z.object({ file_id: id, lang: z.enum(proofreadLanguages), password: z.string().max(128).optional() }), response: proofreadResult,
  }),
  proofreadDocx: route({
    method: 'POST', path: '/v2/ai-proofread/docx', auth: 'user',
    summary: 'The corrected text (findings applied in the page) as a Word document: one paragraph per paragraph of the text.',
    body: z.object({ text: z.string().trim().min(1).max(200_000) }), produces: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  }),
};
