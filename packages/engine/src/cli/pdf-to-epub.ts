import { pdfToEpub } from '../convert/pdf-to-epub.js';
import { flowingCommand } from './pdf-to-word.js';

export const pdfToEpubCommand = flowingCommand(
  'pdf-to-epub',
  'Convert a PDF into a reflowable EPUB 3 book',
  'epub',
  `The text reflowed into chapters (from the outline, else the headings), with tables and
images; EPUB 3 with a navigation document.`,
  pdfToEpub,
);
