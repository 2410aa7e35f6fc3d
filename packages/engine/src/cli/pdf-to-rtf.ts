import { pdfToRtf } from '../convert/pdf-to-rtf.js';
import { flowingCommand } from './pdf-to-word.js';

export const pdfToRtfCommand = flowingCommand(
  'pdf-to-rtf',
  'Convert a PDF into RTF with styled paragraphs',
  'rtf',
  `Paragraphs with their fonts, sizes, bold, italic, colour, alignment and spacing; tables as
RTF tables; a page break between pages. Images are left out.`,
  pdfToRtf,
);
