import { compressPdf, type CompressOptions } from '../compress.js';
import { UsageError, type Subcommand } from './command.js';
import { inputAndOutput, inputOutputOptions } from './page-tool-args.js';

export const compressPdfCommand: Subcommand = {
  name: 'compress-pdf',
  summary: 'Make a PDF smaller: downsample and re-encode images, drop unused objects',
  help: `Usage: pagewright compress-pdf (--level high|medium|low | --target-size BYTES) <in.pdf> -o <out.pdf> [--password SECRET]

Make the PDF smaller. Images shown at more than the level's resolution are downsampled
(high: 100 dpi, medium: 150 dpi, low: 220 dpi), photographs re-encoded as JPEG (quality 55,
70, 85) when that keeps them close to the original, transparency kept; unused and duplicate
objects dropped, small objects packed into object streams, fonts subset. Text stays
selectable, links and bookmarks stay. The output is never larger than the input: when
nothing can be saved the input is copied unchanged. With --target-size the mildest setting
that reaches the size is used, or the smallest result when none does. An encrypted input
needs --password; the output is not encrypted.

Options:
      --level <level>        high (strongest), medium (default) or low
      --target-size <bytes>  aim for at most this many bytes instead of a level
  -o, --output <file>        where to write the PDF (required)
      --password <secret>    password of an encrypted input
  -h, --help                 show this help

Prints {"inputSize", "outputSize", "unchanged", "output"} on success (sizes in bytes).`,
  options: { ...inputOutputOptions, level: { type: 'string' }, 'target-size': { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = inputAndOutput(values, positionals);
    const level = values.level;
    const target = values['target-size'];
    if (level !== undefined && target !== undefined) throw new UsageError('give --level or --target-size, not both');
    let options: CompressOptions;
    if (typeof target === 'string') {
      if (!/^\s*\d+\s*$/.test(target) || Number(target) <= 0) throw new UsageError(`--target-size expects a positive whole number of bytes, got '${target}'`);
      options = { targetSize: Number(target) };
    } else {
      const name = typeof level === 'string' ? level : 'medium';
      if (name !== 'high' && name !== 'medium' && name !== 'low') throw new UsageError(`--level must be high, medium or low, got '${name}'`);
      options = { level: name };
    }
    const result = await compressPdf(input, output, options);
    io.out(`${JSON.stringify({ ...result, output })}\n`);
  },
};
