/**
 * @pagewright/engine: document operations as plain async functions. Files in, files out,
 * progress through a callback; every failure is a CatalogueError from @pagewright/contracts.
 */
export { mergePdf, type PdfInput } from './merge.js';
export { documentInfo, type DocumentInfo } from './info.js';
export { type ProgressFn } from './progress.js';
export { InputError } from './errors.js';
