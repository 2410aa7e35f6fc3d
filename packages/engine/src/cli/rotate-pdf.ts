import { rotatePdf } from '../transform.js';
import { UsageError, type Subcommand } from './command.js';
import { parsePages, printResult, singleArgs, singleInputOptions, stringOption } from './single-input.js';

export const rotatePdfCommand: Subcommand = {
  name: 'rotate-pdf',
  summary: 'Turn pages of a PDF clockwise by 90, 180 or 270 degrees',
  help: `Usage: pagewright rotate-pdf --angle 90|180|270 [--pages 1,3-5] <in.pdf> -o <out.pdf> [--password SECRET]

Turn the given pages (default: every page) clockwise, on top of their current rotation.
Bookmarks, links, annotations and form fields are kept.

Options:
      --angle <degrees>     90, 180 or 270 (required)
      --pages <list>        pages to turn: comma-separated pages or ranges, e.g. 1,6-159
  -o, --output <file>       where to write the PDF (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"pages": <page count>, "output": <file>} on success.`,
  options: { ...singleInputOptions, angle: { type: 'string' }, pages: { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const angle = Number(stringOption(values, 'angle'));
    if (angle !== 90 && angle !== 180 && angle !== 270) throw new UsageError('--angle must be 90, 180 or 270');
    const pages = stringOption(values, 'pages');
    const result = await rotatePdf(input, output, pages === undefined ? { angle } : { angle, pages: parsePages(pages) });
    printResult(io, { pages: result.pages, output });
  },
};
