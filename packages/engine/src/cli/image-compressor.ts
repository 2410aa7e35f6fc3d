import { FRAMES_HELP, imageInputOptions, runImageCommand } from '../image/cli-args.js';
import { UsageError, type Subcommand } from './command.js';

export const imageCompressorCommand: Subcommand = {
  name: 'image-compressor',
  summary: 'Make an image file smaller in its own format',
  help: `Usage: pagewright image-compressor <in> -o <out> [--level high|medium|low] [--keep-metadata] [--frames all|first]

Re-encode the image smaller, in its own format: JPEG with mozjpeg, PNG with a palette when
that looks the same (else lossless at maximum compression), WebP and GIF optimised, bilevel
TIFF as CCITT G4. Lossy results keep a structural similarity of 0.93 (high), 0.95 (medium)
or 0.97 (low) to the original. The output is never larger than the input: when nothing is
saved the input is copied. EXIF orientation is applied; metadata (EXIF, ICC, XMP) is removed
unless --keep-metadata (then EXIF and ICC stay).

Options:
      --level <level>       high (smallest), medium (default) or low (closest to the original)
      --keep-metadata       keep EXIF and the ICC profile
  -o, --output <file>       where to write the result (required)
${FRAMES_HELP}
  -h, --help                show this help

Prints {"format", "width", "height", "frames", "bytes", "output"} on success.`,
  options: { ...imageInputOptions, level: { type: 'string' }, 'keep-metadata': { type: 'boolean' } },
  async run(values, positionals, io) {
    const level = values.level ?? 'medium';
    if (level !== 'high' && level !== 'medium' && level !== 'low') throw new UsageError(`--level must be high, medium or low, got '${String(level)}'`);
    await runImageCommand(values, positionals, io, { mode: 'compress', level, keepMetadata: values['keep-metadata'] === true });
  },
};
