/**
 * The offline AI-text detector (SPEC §1, §3): an overall probability that a text was written by
 * a machine, a score for each sentence, and the signals that moved them. Two logistic models
 * read the features of features.ts: one over the passage, one over each sentence. Both and the
 * reference language model are fitted by scripts/detector/build.js and shipped in
 * data/detector/; the accuracy measured on the held-out test passages travels with them so
 * the page can state it.
 */
import { readFileSync } from 'node:fs';
import { LogisticModel, type LogisticModelJson } from './classifier.js';
import { passageFeatureNames, textFeatures, type PassageFeatureName } from './features.js';
import { LanguageModel, type LanguageModelJson } from './languageModel.js';

export interface DetectorMeasurement {
  auc: number;
  falsePositiveRate: number;
  humanPassages: number;
  machinePassages: number;
  /** What wrote the machine passages: the measurement is only as good as this stand-in. */
  generator: string;
}

export interface DetectorModelJson {
  passage: LogisticModelJson;
  sentence: LogisticModelJson;
  /** Passage probability at or above which a text is called likely machine-written (chosen on the training passages for ≤ 5 % false positives). */
  threshold: number;
  sentenceThreshold: number;
  measured: DetectorMeasurement;
}

export interface DetectorSignal {
  name: PassageFeatureName;
  value: number;
  /** Pull on the log-odds: positive towards machine-written. */
  contribution: number;
}

export interface DetectedSentence {
  text: string;
  start: number;
  end: number;
  /** Probability that the sentence is machine-written (0–1). */
  score: number;
  likelyAi: boolean;
}

export interface Detection {
  probability: number;
  likelyAi: boolean;
  threshold: number;
  sentences: DetectedSentence[];
  /** Share (0–100) of the text's characters in sentences scored likely machine-written. */
  perChars: number;
  signals: DetectorSignal[];
  measured: DetectorMeasurement;
}

export class AiTextDetector {
  private readonly passage: LogisticModel;
  private readonly sentence: LogisticModel;

  constructor(private readonly languageModel: LanguageModel, private readonly model: DetectorModelJson) {
    this.passage = new LogisticModel(model.passage);
    this.sentence = new LogisticModel(model.sentence);
  }

  /** The detector as shipped: data/detector/ beside src/ and dist/ alike. */
  static load(dataDir = new URL('../../data/detector/', import.meta.url)): AiTextDetector {
    const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, dataDir), 'utf8')) as T;
    return new AiTextDetector(new LanguageModel(read<LanguageModelJson>('reference-lm.json')), read<DetectorModelJson>('model.json'));
  }

  /** The accuracy measured on the held-out test passages, stated by the page. */
  get measured(): DetectorMeasurement {
    return this.model.measured;
  }

  /** The passage probability alone (the bench scores hundreds of passages). */
  probability(text: string): number {
    return this.passage.probability(textFeatures(this.languageModel, text).passage);
  }

  detect(text: string): Detection {
    const { passage, sentences } = textFeatures(this.languageModel, text);
    const contributions = this.passage.contributions(passage);
    const probability = this.passage.probability(passage);
    const detected = sentences.map((s) => {
      const score = this.sentence.probability(s.features);
      return { text: s.text, start: s.start, end: s.end, score, likelyAi: score >= this.model.sentenceThreshold };
    });
    const characters = detected.reduce((sum, s) => sum + s.text.length, 0);
    const aiCharacters = detected.filter((s) => s.likelyAi).reduce((sum, s) => sum + s.text.length, 0);
    return {
      probability,
      likelyAi: probability >= this.model.threshold,
      threshold: this.model.threshold,
      sentences: detected,
      perChars: characters ? Math.round((aiCharacters / characters) * 100) : 0,
      signals: passageFeatureNames.map((name, j) => ({ name, value: passage[name], contribution: contributions[j]! })),
      measured: this.model.measured,
    };
  }
}
