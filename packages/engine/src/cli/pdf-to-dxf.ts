import { pdfToDxf } from '../convert/pdf-to-dxf.js';
import type { Subcommand } from './command.js';
import { printResult, singleArgs, singleInputOptions } from './single-input.js';

export const pdfToDxfCommand: Subcommand = {
  name: 'pdf-to-dxf',
  summary: 'Convert a PDF to a DXF drawing (vector paths and text, in millimetres)',
  help: `Usage: pagewright pdf-to-dxf <in.pdf> -o <out.dxf> [--password SECRET]

Write an ASCII DXF (R12) at true scale in millimetres: vector paths as lines and polylines
(curves flattened), text as TEXT entities at its baseline, each page framed on layer PAGE,
pages one below the other. Raster images are not included.

Options:
  -o, --output <file>       where to write the DXF (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"width_mm": <w>, "height_mm": <h>, "output": <file>} on success.`,
  options: { ...singleInputOptions },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const extents = await pdfToDxf(input, output);
    printResult(io, { width_mm: Math.round(extents.width * 100) / 100, height_mm: Math.round(extents.height * 100) / 100, output });
  },
};
