/**
 * What the server's main thread needs of the engine to convert documents to PDF: the
 * LibreOffice and Chromium pool and the conversion entry point, without MuPDF (which only the
 * worker threads load; importing the engine's index would compile it on the API thread).
 */
export { OfficePool } from './pool.js';
export { documentToPdf, officeFamilies, sourceTypeOf } from './convert.js';
