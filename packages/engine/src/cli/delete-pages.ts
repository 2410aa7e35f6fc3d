import { deletePages } from '../organize.js';
import { UsageError, type Subcommand } from './command.js';
import { parsePages, printResult, singleArgs, singleInputOptions, stringOption } from './single-input.js';

export const deletePagesCommand: Subcommand = {
  name: 'delete-pages',
  summary: 'Remove pages from a PDF',
  help: `Usage: pagewright delete-pages --pages 2,5-7 <in.pdf> -o <out.pdf> [--password SECRET]

Remove the given pages. Bookmarks and links to removed pages are dropped, the others point at
the remaining pages. At least one page must remain.

Options:
      --pages <list>        pages to remove: comma-separated pages or ranges (required)
  -o, --output <file>       where to write the PDF (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"pages": <pages left>, "output": <file>} on success.`,
  options: { ...singleInputOptions, pages: { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const pages = stringOption(values, 'pages');
    if (pages === undefined) throw new UsageError('missing --pages <list>');
    const result = await deletePages(input, output, { pages: parsePages(pages) });
    printResult(io, { pages: result.pages, output });
  },
};
