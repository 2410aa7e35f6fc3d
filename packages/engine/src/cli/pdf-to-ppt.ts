import { pdfToPpt } from '../convert/pdf-to-ppt.js';
import type { Subcommand } from './command.js';
import { printResult, singleArgs, singleInputOptions } from './single-input.js';

export const pdfToPptCommand: Subcommand = {
  name: 'pdf-to-ppt',
  summary: 'Convert a PDF to a PowerPoint presentation, one slide per page',
  help: `Usage: pagewright pdf-to-ppt <in.pdf> -o <out.pptx> [--password SECRET]

Write a PPTX with one slide per page at the page's size: text as editable text boxes in
place (font, size, bold, italic, colour), images as pictures, vector art as a picture behind.

Options:
  -o, --output <file>       where to write the PPTX (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"slides": <count>, "output": <file>} on success.`,
  options: { ...singleInputOptions },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const result = await pdfToPpt(input, output);
    printResult(io, { slides: result.slides, output });
  },
};
