/** The document translator's calls, over HTTP only; the task is followed and downloaded through the task calls. */
import { translateRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { DocumentTranslation } from './translation.js';

export function translationRoutesOf(translation: DocumentTranslation): RouteImplementation[] {
  return [
    implement(translateRoutes.translatorLanguages, () => translation.languages()),
    implement(translateRoutes.translateDocument, ({ body }, request) => translation.start(request.identity, body)),
  ];
}
