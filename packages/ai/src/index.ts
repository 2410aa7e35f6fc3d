/**
 * @pagewright/ai: the offline AI engine and the OpenAI-compatible provider (ARCHITECTURE
 * "Offline AI engine"). The server analyses and indexes a document's text once, stores the
 * analysis and the index, and answers every request with a provider over retrieved passages.
 */
export type * from './types.js';
export { analyseDocument } from './analyse.js';
export { chunkDocument, type Chunk, type ChunkSentence } from './chunk.js';
export { findMarkers, locateQuote, parseCitations, type CitationMarker } from './citations.js';
export { extractKeywords } from './keywords.js';
export { offlineMessages, type OfflineMessages } from './messages.js';
export { OfflineProvider } from './offline.js';
export { OpenAiCompatibleProvider, ProviderError, type OpenAiSettings } from './openai.js';
export { documentOutline } from './outline.js';
export { buildMessages, systemPrompt, type ChatMessage } from './prompt.js';
export { createProvider, type ProviderSettings } from './provider.js';
export { suggestQuestions, type QuestionSources } from './questions.js';
export { DocumentIndex, type DocumentIndexJson } from './retrieval.js';
export { countWords, guessLanguage, sentences, words } from './segment.js';
export { documentSentences, summarizeDocument, summarizeSentences, SUMMARY_MAX_WORDS, SUMMARY_WORDS, type DocumentSentence, type SummaryOptions } from './summarize.js';
export { estimateTokens } from './tokens.js';
export { apertiumPairs, translateWithApertium, type ApertiumOptions, type ApertiumPair } from './translate/apertium.js';
export { translateWithEndpoint } from './translate/endpoint.js';
export { createTranslator, type TranslationResult, type Translator } from './translate/translator.js';
export { AiTextDetector, type DetectedSentence, type Detection, type DetectorMeasurement, type DetectorModelJson, type DetectorSignal } from './detector/detector.js';
export { falsePositiveRate, LogisticModel, rocAuc, thresholdFor, type LogisticModelJson } from './detector/classifier.js';
export { passageFeatureNames, sentenceFeatureNames, textFeatures } from './detector/features.js';
export { LanguageModel, type LanguageModelJson } from './detector/languageModel.js';
export { sentenceSpans, wordSpans, wordTokens, type Span } from './detector/text.js';
export { DICTIONARIES, Proofreader } from './proofread/proofreader.js';
export { ConfusionScanner, parseConfusions } from './proofread/confusions.js';
export { grammarFindings, LONG_SENTENCE_WORDS, type Finding } from './proofread/rules.js';
export { modelFindings, placeModelFindings, proofreadPrompt } from './proofread/model.js';
export { modelLogProbs } from './detector/modelLogProbs.js';
