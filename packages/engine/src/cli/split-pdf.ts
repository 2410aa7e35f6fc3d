import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { splitPdf, type SplitSpec } from '../organize.js';
import { zipFiles } from '../zip.js';
import { UsageError, type Subcommand } from './command.js';
import { integerOption, parseRanges, printResult, singleArgs, singleInputOptions, stringOption } from './single-input.js';

export const splitPdfCommand: Subcommand = {
  name: 'split-pdf',
  summary: 'Split a PDF into parts (by ranges, every page, or every N pages), zipped',
  help: `Usage: pagewright split-pdf --ranges 1-2,3-4 <in.pdf> -o <out.zip> [--password SECRET]
       pagewright split-pdf --every <in.pdf> -o <out.zip>
       pagewright split-pdf --each N <in.pdf> -o <out.zip>

Split the PDF into one PDF per range (ranges may overlap), one per page, or one per N pages,
and write them into a zip as <name>-<from>-<to>.pdf (<name>-<page>.pdf for one page). Each
part keeps the bookmarks, links and form fields that point into it.

Options:
      --ranges <list>       comma-separated pages or ranges, e.g. 1-2,3-4,7
      --every               one PDF per page
      --each <N>            one PDF per N pages (the last part may be shorter)
  -o, --output <file.zip>   where to write the zip (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"files": <count>, "output": <file>} on success.`,
  options: { ...singleInputOptions, ranges: { type: 'string' }, every: { type: 'boolean' }, each: { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const ranges = stringOption(values, 'ranges');
    const each = stringOption(values, 'each');
    const modes = [ranges !== undefined, values.every === true, each !== undefined].filter(Boolean).length;
    if (modes !== 1) throw new UsageError('give exactly one of --ranges, --every, --each N');
    let spec: SplitSpec;
    if (ranges !== undefined) spec = { mode: 'ranges', ranges: parseRanges(ranges) };
    else if (each !== undefined) spec = { mode: 'each', n: integerOption(each, '--each') };
    else spec = { mode: 'every' };
    const dir = await mkdtemp(join(tmpdir(), 'pagewright-split-'));
    try {
      const { files } = await splitPdf(input, dir, spec);
      await zipFiles(output, files.map((file) => ({ file, name: basename(file) })));
      printResult(io, { files: files.length, output });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
