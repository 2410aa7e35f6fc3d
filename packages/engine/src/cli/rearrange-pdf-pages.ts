import { rearrangePages } from '../organize.js';
import { UsageError, type Subcommand } from './command.js';
import { integerOption, parseOrder, printResult, singleArgs, singleInputOptions, stringOption } from './single-input.js';

/** `3=90,1=180`: extra clockwise turns by source page. */
function parseRotations(text: string): Record<number, 0 | 90 | 180 | 270> {
  const rotations: Record<number, 0 | 90 | 180 | 270> = {};
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)\s*[=:]\s*(\d+)\s*$/.exec(part);
    const angle = Number(match?.[2]);
    if (!match || (angle !== 0 && angle !== 90 && angle !== 180 && angle !== 270)) {
      throw new UsageError(`--rotations expects PAGE=ANGLE pairs with ANGLE 0, 90, 180 or 270, got '${part}'`);
    }
    rotations[integerOption(match[1]!, '--rotations page')] = angle;
  }
  return rotations;
}

export const rearrangePdfPagesCommand: Subcommand = {
  name: 'rearrange-pdf-pages',
  summary: 'Reorder (and turn) the pages of a PDF; pages left out are removed',
  help: `Usage: pagewright rearrange-pdf-pages --order 3,1,2 [--rotations 3=90,1=180] <in.pdf> -o <out.pdf> [--password SECRET]

Write the pages in the given order: the output's page 1 is the first page named, and so on.
Pages not named are removed; a page may appear once. Bookmarks and links follow their pages.

Options:
      --order <list>        source pages in their new order, e.g. 3,1,2 or 4-6,1 (required)
      --rotations <list>    extra clockwise turn of source pages, e.g. 3=90,1=180
  -o, --output <file>       where to write the PDF (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"pages": <page count>, "output": <file>} on success.`,
  options: { ...singleInputOptions, order: { type: 'string' }, rotations: { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const order = stringOption(values, 'order');
    if (order === undefined) throw new UsageError('missing --order <list>');
    const rotations = stringOption(values, 'rotations');
    const options = rotations === undefined ? { order: parseOrder(order) } : { order: parseOrder(order), rotations: parseRotations(rotations) };
    const result = await rearrangePages(input, output, options);
    printResult(io, { pages: result.pages, output });
  },
};
