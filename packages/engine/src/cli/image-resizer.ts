import { FRAMES_HELP, imageInputOptions, runImageCommand, wholeNumber } from '../image/cli-args.js';
import { UsageError, type Subcommand } from './command.js';

export const imageResizerCommand: Subcommand = {
  name: 'image-resizer',
  summary: 'Resize an image by a percentage or to a width and/or height in pixels',
  help: `Usage: pagewright image-resizer (--percentage P | --width W [--height H] | --height H) <in> -o <out> [--frames all|first]

Resize an image (every frame of an animation). A percentage scales width and height alike;
a width or a height alone keeps the aspect ratio; both set the exact size. The output keeps
the input's format.

Options:
      --percentage <p>      1..1000 percent of both sides
      --width <pixels>      the new width (1..20000)
      --height <pixels>     the new height (1..20000)
  -o, --output <file>       where to write the result (required)
${FRAMES_HELP}
  -h, --help                show this help

Prints {"format", "width", "height", "frames", "bytes", "output"} on success.`,
  options: { ...imageInputOptions, percentage: { type: 'string' }, width: { type: 'string' }, height: { type: 'string' } },
  async run(values, positionals, io) {
    const width = wholeNumber(values.width, '--width');
    const height = wholeNumber(values.height, '--height');
    if (values.percentage !== undefined) {
      if (width !== undefined || height !== undefined) throw new UsageError('give --percentage or --width/--height, not both');
      const text = String(values.percentage).replace(/%$/, '');
      const percentage = Number(text);
      if (text.trim() === '' || !Number.isFinite(percentage)) throw new UsageError(`--percentage expects a number, got '${String(values.percentage)}'`);
      await runImageCommand(values, positionals, io, { mode: 'resize', resizePercentage: percentage });
      return;
    }
    if (width === undefined && height === undefined) throw new UsageError('give --percentage, --width or --height');
    await runImageCommand(values, positionals, io, { mode: 'resize', ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) });
  },
};
