import { pdfToPages } from '../convert/pdf-to-pages.js';
import { flowingCommand } from './pdf-to-word.js';

export const pdfToPagesCommand = flowingCommand(
  'pdf-to-pages',
  'Convert a PDF into an Apple Pages document',
  'pages',
  `The text of every page in reading order as an iWork Pages '09 document, which LibreOffice
opens too. Styling is not carried.`,
  pdfToPages,
);
