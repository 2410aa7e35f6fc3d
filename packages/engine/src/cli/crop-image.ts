import { FRAMES_HELP, imageInputOptions, runImageCommand } from '../image/cli-args.js';
import { UsageError, type Subcommand } from './command.js';

export const cropImageCommand: Subcommand = {
  name: 'crop-image',
  summary: 'Cut a box out of an image',
  help: `Usage: pagewright crop-image --box X,Y,WIDTH,HEIGHT <in> -o <out> [--frames all|first]

Keep the box of the image (every frame of an animation): X and Y from the top-left corner of
the image as displayed (EXIF orientation applied), WIDTH and HEIGHT at least 50 pixels; the
box must lie inside the image. The output keeps the input's format.

Options:
      --box <x,y,w,h>       the box in pixels (required)
  -o, --output <file>       where to write the result (required)
${FRAMES_HELP}
  -h, --help                show this help

Prints {"format", "width", "height", "frames", "bytes", "output"} on success.`,
  options: { ...imageInputOptions, box: { type: 'string' } },
  async run(values, positionals, io) {
    const text = typeof values.box === 'string' ? values.box : '';
    if (!/^\s*\d+\s*,\s*\d+\s*,\s*\d+\s*,\s*\d+\s*$/.test(text)) throw new UsageError(`--box expects x,y,width,height in whole pixels, got '${text}'`);
    const [x, y, width, height] = text.split(',').map((v) => Number(v.trim())) as [number, number, number, number];
    await runImageCommand(values, positionals, io, { mode: 'crop', crop: { x, y, width, height } });
  },
};
