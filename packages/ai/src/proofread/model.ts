/**
 * The proofreader with an OpenAI-compatible endpoint configured: the model is asked for its
 * corrections as JSON lines, and each is placed back on the text by finding its original words
 * there (a model's character offsets cannot be trusted). Corrections whose words are not in
 * the text, or whose kind is not one of the proofreader's, are dropped: the page only shows
 * findings it can point at.
 */
import { findingKinds, type FindingKind, type ProofreadLanguage } from '@pagewright/contracts';
import { ProviderError, type OpenAiSettings } from '../openai.js';
import { serverSentEvents } from '../sse.js';
import type { Finding } from './rules.js';

const LANGUAGE_NAMES: Record<ProofreadLanguage, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German', pt: 'Brazilian Portuguese', it: 'Italian', ja: 'Japanese', zh: 'Simplified Chinese' };

export function proofreadPrompt(language: ProofreadLanguage): string {
  return [
    `You proofread ${LANGUAGE_NAMES[language]} text. For each error, write one line of JSON and nothing else:`,
    `{"kind": one of ${findingKinds.map((k) => `"${k}"`).join(', ')}, "original": the exact words from the text, "suggestion": the corrected words}.`,
    'Quote "original" exactly as it appears in the text. Write nothing when there is no error.',
  ].join('\n');
}

/** The model's JSON lines placed on the text, in text order; a repeated original is placed at its next occurrence. */
export function placeModelFindings(text: string, answer: string): Finding[] {
  const findings: Finding[] = [];
  const nextFrom = new Map<string, number>();
  for (const line of answer.split('\n')) {
    const json = line.trim().replace(/^[-*]\s*/, '').replace(/,$/, '');
    if (!json.startsWith('{')) continue;
    let parsed: { kind?: unknown; original?: unknown; suggestion?: unknown };
    try {
      parsed = JSON.parse(json) as typeof parsed;
    } catch {
      continue;
    }
    const { kind, original, suggestion } = parsed;
    if (typeof original !== 'string' || !original || typeof suggestion !== 'string' || !(findingKinds as readonly unknown[]).includes(kind)) continue;
    if (original === suggestion) continue;
    const start = text.indexOf(original, nextFrom.get(original) ?? 0);
    if (start < 0) continue;
    nextFrom.set(original, start + original.length);
    findings.push({ kind: kind as FindingKind, start, end: start + original.length, text: original, suggestions: [suggestion] });
  }
  return findings.sort((a, b) => a.start - b.start);
}

/** Asks the endpoint (streamed, as every OpenAI-compatible server serves it) and places its corrections. */
export async function modelFindings(settings: OpenAiSettings, text: string, language: ProofreadLanguage, signal?: AbortSignal): Promise<Finding[]> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const url = `${settings.baseUrl.replace(/\/+$/u, '')}/chat/completions`;
  const body = JSON.stringify({
    model: settings.model, stream: true, temperature: 0,
    messages: [{ role: 'system', content: proofreadPrompt(language) }, { role: 'user', content: text }],
  });
  let response: Response;
  try {
    response = await (settings.fetch ?? globalThis.fetch)(url, { method: 'POST', headers, body, signal: signal ?? null });
  } catch (error) {
    throw new ProviderError(`endpoint unreachable: ${String(error)}`, null, { cause: error });
  }
  if (!response.ok || !response.body) throw new ProviderError(`endpoint answered HTTP ${response.status}`, response.status);
  let answer = '';
  for await (const data of serverSentEvents(response.body)) {
    if (data === '[DONE]') break;
    try {
      const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string | null } }> };
      answer += chunk.choices?.[0]?.delta?.content ?? '';
    } catch {
      // A keep-alive or a vendor's extra event: not part of the answer.
    }
  }
  return placeModelFindings(text, answer);
}
