import { FRAMES_HELP, imageInputOptions, runImageCommand } from '../image/cli-args.js';
import { UsageError, type Subcommand } from './command.js';

export const rotateImageCommand: Subcommand = {
  name: 'rotate-image',
  summary: 'Rotate an image by 90, 180 or 270 degrees and/or flip it',
  help: `Usage: pagewright rotate-image [--angle 90|180|270] [--flip-horizontal] [--flip-vertical] <in> -o <out> [--frames all|first]

Turn the image clockwise by the angle, then mirror it (every frame of an animation). The
output keeps the input's format.

Options:
      --angle <degrees>     0 (default), 90, 180 or 270, clockwise
      --flip-horizontal     mirror left to right
      --flip-vertical       mirror top to bottom
  -o, --output <file>       where to write the result (required)
${FRAMES_HELP}
  -h, --help                show this help

Prints {"format", "width", "height", "frames", "bytes", "output"} on success.`,
  options: { ...imageInputOptions, angle: { type: 'string' }, 'flip-horizontal': { type: 'boolean' }, 'flip-vertical': { type: 'boolean' } },
  async run(values, positionals, io) {
    const angle = Number(values.angle ?? 0);
    if (angle !== 0 && angle !== 90 && angle !== 180 && angle !== 270) throw new UsageError(`--angle must be 0, 90, 180 or 270, got '${String(values.angle)}'`);
    const flipHorizontal = values['flip-horizontal'] === true;
    const flipVertical = values['flip-vertical'] === true;
    if (angle === 0 && !flipHorizontal && !flipVertical) throw new UsageError('give --angle, --flip-horizontal or --flip-vertical');
    await runImageCommand(values, positionals, io, { mode: 'rotate', angle, flipHorizontal, flipVertical });
  },
};
