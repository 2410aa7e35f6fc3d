import { extractImages } from '../images.js';
import type { Subcommand } from './command.js';
import { printResult, singleArgs, singleInputOptions } from './single-input.js';

export const extractImagesFromPdfCommand: Subcommand = {
  name: 'extract-images-from-pdf',
  summary: 'Save every image embedded in a PDF into a zip',
  help: `Usage: pagewright extract-images-from-pdf <in.pdf> -o <out.zip> [--password SECRET]

Write every image of the PDF, once each, into a zip as page-<n>-<k>.<ext>: n is the first
page showing it, k its position there. JPEG images are saved as stored (.jpg); all others are
decoded to PNG (CMYK and other colour spaces converted to RGB, transparency kept). A PDF
without images fails with code 2405.

Options:
  -o, --output <file.zip>   where to write the zip (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"images": <count>, "output": <file>} on success.`,
  options: { ...singleInputOptions },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const result = await extractImages(input, output);
    printResult(io, { images: result.images, output });
  },
};
