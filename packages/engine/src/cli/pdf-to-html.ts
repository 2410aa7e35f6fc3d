import { pdfToHtml } from '../convert/pdf-to-html.js';
import { UsageError, type Subcommand } from './command.js';
import { printResult, singleArgs, singleInputOptions, stringOption } from './single-input.js';

export const pdfToHtmlCommand: Subcommand = {
  name: 'pdf-to-html',
  summary: 'Convert a PDF to one self-contained HTML file (fixed or reflowed layout)',
  help: `Usage: pagewright pdf-to-html <in.pdf> -o <out.html> [--layout fixed|reflow] [--password SECRET]

Write one HTML file with everything embedded (images as data: URIs) and no script.
fixed (default): each page a box of the page's size, text placed and styled as on the page
and selectable, vector art as a background picture. reflow: paragraphs, headings, lists,
tables and images in reading order, for reading on any screen.

Options:
  -o, --output <file>       where to write the HTML file (required)
      --layout <kind>       fixed (default) or reflow
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"output": <file>} on success.`,
  options: { ...singleInputOptions, layout: { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const layout = stringOption(values, 'layout') ?? 'fixed';
    if (layout !== 'fixed' && layout !== 'reflow') throw new UsageError(`--layout expects fixed or reflow, got '${layout}'`);
    await pdfToHtml(input, output, { layout });
    printResult(io, { output });
  },
};
