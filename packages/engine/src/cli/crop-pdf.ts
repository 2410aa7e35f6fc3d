import { cropMinBox } from '@pagewright/contracts';
import { cropPdf } from '../transform.js';
import { UsageError, type Subcommand } from './command.js';
import { parsePages, printResult, singleArgs, singleInputOptions, stringOption } from './single-input.js';

export const cropPdfCommand: Subcommand = {
  name: 'crop-pdf',
  summary: 'Cut margins off PDF pages',
  help: `Usage: pagewright crop-pdf --margins L,R,T,B [--pages 1-3] <in.pdf> -o <out.pdf> [--password SECRET]

Cut the left, right, top and bottom margins (in points, 1/72 inch) off the given pages
(default: every page), measured on the page as it is displayed (rotation and any existing crop
applied). The page's crop box and media box become the remaining area, which must stay at
least ${cropMinBox} points wide and high.

Options:
      --margins <l,r,t,b>   the four margins in points (required), e.g. 36,36,72,72
      --pages <list>        pages to crop: comma-separated pages or ranges, e.g. 1,6-159
  -o, --output <file>       where to write the PDF (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"pages": <page count>, "output": <file>} on success.`,
  options: { ...singleInputOptions, margins: { type: 'string' }, pages: { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const text = stringOption(values, 'margins');
    const parts = (text ?? '').split(',').map((part) => part.trim());
    const numbers = parts.map(Number);
    if (parts.length !== 4 || parts.some((part) => part === '') || !numbers.every((n) => Number.isFinite(n) && n >= 0)) {
      throw new UsageError('--margins expects four numbers of points, 0 or more: L,R,T,B');
    }
    const [l, r, t, b] = numbers as [number, number, number, number];
    const pages = stringOption(values, 'pages');
    const margins = { l, r, t, b };
    const result = await cropPdf(input, output, pages === undefined ? { margins } : { margins, pages: parsePages(pages) });
    printResult(io, { pages: result.pages, output });
  },
};
