import { pdfToTxt } from '../convert/pdf-to-txt.js';
import { flowingCommand } from './pdf-to-word.js';

export const pdfToTxtCommand = flowingCommand(
  'pdf-to-txt',
  'Extract the text of a PDF in reading order (UTF-8)',
  'txt',
  `The body text of every page in reading order (columns one after the other), paragraphs
separated by blank lines, table rows as tab-separated cells, pages by a form feed.`,
  pdfToTxt,
);
