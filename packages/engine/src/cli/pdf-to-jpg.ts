import { pdfToImages, PAGE_IMAGE_DEFAULT_DPI, PAGE_IMAGE_MAX_DPI, PAGE_IMAGE_MIN_DPI, type PageImageFormat } from '../convert/pdf-to-images.js';
import { UsageError, type Subcommand } from './command.js';
import { integerOption, printResult, singleArgs, singleInputOptions, stringOption } from './single-input.js';

const FORMATS: PageImageFormat[] = ['jpg', 'png', 'bmp', 'gif', 'tiff'];

export const pdfToJpgCommand: Subcommand = {
  name: 'pdf-to-jpg',
  summary: 'Render every page of a PDF as an image (JPG, PNG, BMP, GIF or TIFF)',
  help: `Usage: pagewright pdf-to-jpg <in.pdf> -o <out> [--dpi ${PAGE_IMAGE_DEFAULT_DPI}] [--format jpg|png|bmp|gif|tiff] [--password SECRET]

Render each page as displayed (rotation and crop applied, annotations drawn) on white. A
one-page document gives one image; more pages give a zip of <name>-<n>.<ext>, where <name> is
the output file's name without its extension.

Options:
  -o, --output <file>       where to write the image or the zip (required)
      --dpi <n>             resolution, ${PAGE_IMAGE_MIN_DPI}..${PAGE_IMAGE_MAX_DPI} (default ${PAGE_IMAGE_DEFAULT_DPI})
      --format <ext>        jpg (default), png, bmp, gif or tiff
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"pages": <count>, "extension": "jpg"|...|"zip", "output": <file>} on success.`,
  options: { ...singleInputOptions, dpi: { type: 'string' }, format: { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const format = (stringOption(values, 'format') ?? 'jpg').toLowerCase().replace(/^jpeg$/, 'jpg').replace(/^tif$/, 'tiff');
    if (!FORMATS.includes(format as PageImageFormat)) throw new UsageError(`--format expects one of ${FORMATS.join(', ')}, got '${format}'`);
    const dpiText = stringOption(values, 'dpi');
    const dpi = dpiText === undefined ? undefined : integerOption(dpiText, '--dpi');
    const result = await pdfToImages(input, output, { format: format as PageImageFormat, ...(dpi !== undefined ? { dpi } : {}) });
    printResult(io, { pages: result.pages, extension: result.extension, output });
  },
};
