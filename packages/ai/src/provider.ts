/**
 * The provider the server's settings choose: the offline engine (the default, needs nothing)
 * or an OpenAI-compatible endpoint.
 */
import { OfflineProvider } from './offline.js';
import { OpenAiCompatibleProvider, type OpenAiSettings } from './openai.js';
import type { AiProvider } from './types.js';

export type ProviderSettings = { kind: 'offline' } | ({ kind: 'openai' } & OpenAiSettings);

export function createProvider(settings: ProviderSettings): AiProvider {
  if (settings.kind === 'offline') return new OfflineProvider();
  const { kind: _kind, ...openai } = settings;
  return new OpenAiCompatibleProvider(openai);
}
