/**
 * Command-line pieces shared by the image subcommands (image-converter, image-to-others,
 * image-resizer, image-compressor, rotate-image, crop-image): one input image, `-o`, `--frames`.
 */
import { icoSizes, imageTargetFormats, type ImageTargetFormat } from '@pagewright/contracts';
import { UsageError, type CliIo, type OptionValues, type Subcommand } from '../cli/command.js';
import { processImage, type ImageProcessOptions } from './process.js';

export const imageInputOptions: Subcommand['options'] = {
  output: { type: 'string', short: 'o' },
  frames: { type: 'string' },
};

export const FRAMES_HELP = `      --frames all|first    animated GIF/WebP and multi-page TIFF: keep every frame (default) or the first`;

/** Runs the operation on `<in> -o <out>` and prints the output's facts as JSON. */
export async function runImageCommand(values: OptionValues, positionals: string[], io: CliIo, options: ImageProcessOptions): Promise<void> {
  const output = values.output;
  if (typeof output !== 'string' || output === '') throw new UsageError('missing -o <output>');
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'no input image given' : 'give exactly one input image');
  const frames = values.frames ?? 'all';
  if (frames !== 'all' && frames !== 'first') throw new UsageError(`--frames must be all or first, got '${String(frames)}'`);
  const facts = await processImage(positionals[0]!, output, { ...options, frames });
  io.out(`${JSON.stringify({ ...facts, output })}\n`);
}

/** A positive whole number, or a usage error naming the option. */
export function wholeNumber(value: OptionValues[string], name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) throw new UsageError(`${name} expects a whole number, got '${String(value)}'`);
  return Number(value);
}

/** `--to FORMAT [--ico-sizes 16,32]`, shared by image-converter and image-to-others. */
export function converterCommand(name: string, summary: string, example: string): Subcommand {
  return {
    name,
    summary,
    help: `Usage: pagewright ${name} --to FORMAT <in> -o <out> [--ico-sizes 16,32,...] [--frames all|first]

Convert an image (JPG, PNG, BMP, GIF, TIFF or WebP; the type is read from the file, not its
name) to ${imageTargetFormats.join(', ')}. EXIF orientation is applied. GIF, WebP, TIFF and
PDF keep every frame of an animation or multi-page TIFF (one PDF page each); the other
formats take the first. A PDF page has the image's size at its resolution; a JPEG goes into
a PDF without recompression. An ICO holds one PNG entry per size.

Example: pagewright ${name} ${example}

Options:
      --to <format>         ${imageTargetFormats.join(' | ')} (required)
      --ico-sizes <list>    ICO entry sizes, any of ${icoSizes.join(',')} (default 16)
  -o, --output <file>       where to write the result (required)
${FRAMES_HELP}
  -h, --help                show this help

Prints {"format", "width", "height", "frames", "bytes", "output"} on success.`,
    options: { ...imageInputOptions, to: { type: 'string' }, 'ico-sizes': { type: 'string' } },
    async run(values, positionals, io) {
      const to = String(values.to ?? '').toLowerCase().replace(/^jpeg$/, 'jpg').replace(/^tif$/, 'tiff');
      if (!(imageTargetFormats as readonly string[]).includes(to)) throw new UsageError(`--to must be one of ${imageTargetFormats.join(', ')}, got '${String(values.to ?? '')}'`);
      let sizes: number[] | undefined;
      if (values['ico-sizes'] !== undefined) {
        if (to !== 'ico') throw new UsageError('--ico-sizes only goes with --to ico');
        const text = String(values['ico-sizes']);
        if (!/^\s*\d+(x\d+)?(\s*,\s*\d+(x\d+)?)*\s*$/.test(text)) throw new UsageError(`--ico-sizes expects sizes like 16,32 or 16x16,32x32, got '${text}'`);
        sizes = text.split(',').map((s) => Number(s.trim().split('x')[0]));
      }
      await runImageCommand(values, positionals, io, { mode: 'converter', targetFormat: to as ImageTargetFormat, ...(sizes ? { icoSizes: sizes } : {}) });
    },
  };
}
