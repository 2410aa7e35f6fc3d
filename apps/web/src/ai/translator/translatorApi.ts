/** The document translator's calls (contracts translateRoutes), through the typed client. */
import { translateRoutes, type TaskCreated, type TranslateRequest, type TranslatorLanguagesInfo } from '@pagewright/contracts';
import type { z } from 'zod';
import { call } from '../../api/http';

export function translatorLanguages(signal?: AbortSignal): Promise<TranslatorLanguagesInfo> {
  return call(translateRoutes.translatorLanguages, {}, { signal });
}

export function startTranslation(body: z.input<typeof translateRoutes.translateDocument.body> & Pick<TranslateRequest, 'file_id'>, signal?: AbortSignal): Promise<TaskCreated> {
  return call(translateRoutes.translateDocument, { body }, { signal });
}
