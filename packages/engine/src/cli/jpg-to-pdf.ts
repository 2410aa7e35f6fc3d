import { imagesToPdf } from '../images-to-pdf.js';
import { UsageError, type Subcommand } from './command.js';

const PAGE_SIZES = { fit: 'fit', a4: 'A4', letter: 'letter' } as const;
const ORIENTATIONS = ['auto', 'portrait', 'landscape'] as const;

export const jpgToPdfCommand: Subcommand = {
  name: 'jpg-to-pdf',
  summary: 'Put images (JPG, PNG, BMP, GIF, TIFF) into one PDF, one page per image',
  help: `Usage: pagewright jpg-to-pdf <a.jpg> [b.png ...] -o <out.pdf> [--page-size fit|A4|letter] [--orientation auto|portrait|landscape] [--margin POINTS]

One page per image, in the order given (every frame of a multi-page TIFF, the first frame of a
GIF). JPEGs are embedded as they are (no recompression, EXIF orientation applied), other
formats losslessly.

Page sizes:
  fit      the page is the image at its own resolution (72 dpi when the file has none), plus margins
  A4       A4 paper; the image is scaled down to fit inside the margins (never enlarged), centred
  letter   US letter, likewise

Options:
  -o, --output <file>            where to write the PDF (required)
      --page-size <size>         fit (default), A4 or letter
      --orientation <o>          auto (default: follows the image), portrait or landscape; A4 and letter only
      --margin <points>          margin on every side, 0..144 points (default 0)
  -h, --help                     show this help

Prints {"pages": <count>, "output": <file>} on success.`,
  options: {
    output: { type: 'string', short: 'o' },
    'page-size': { type: 'string' },
    orientation: { type: 'string' },
    margin: { type: 'string' },
  },
  async run(values, positionals, io) {
    const output = values.output;
    if (typeof output !== 'string' || output === '') throw new UsageError('missing -o <out.pdf>');
    if (positionals.length === 0) throw new UsageError('no input image given');
    const sizeArg = String(values['page-size'] ?? 'fit');
    const pageSize = PAGE_SIZES[sizeArg.toLowerCase() as keyof typeof PAGE_SIZES];
    if (!pageSize) throw new UsageError(`--page-size must be fit, A4 or letter, got '${sizeArg}'`);
    const orientation = String(values.orientation ?? 'auto') as (typeof ORIENTATIONS)[number];
    if (!ORIENTATIONS.includes(orientation)) throw new UsageError(`--orientation must be auto, portrait or landscape, got '${orientation}'`);
    const marginArg = String(values.margin ?? '0');
    const margin = Number(marginArg);
    if (marginArg.trim() === '' || !Number.isFinite(margin) || margin < 0 || margin > 144) throw new UsageError(`--margin must be a number of points 0..144, got '${marginArg}'`);
    const result = await imagesToPdf(positionals, output, { pageSize, orientation, margin });
    io.out(`${JSON.stringify({ pages: result.pages, output })}\n`);
  },
};
