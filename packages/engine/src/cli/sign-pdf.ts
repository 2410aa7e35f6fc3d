import { signPdf } from '../sign.js';
import { UsageError, stringList, type Subcommand } from './command.js';
import { inputAndOutput, inputOutputOptions, parseBox } from './page-tool-args.js';

export const signPdfCommand: Subcommand = {
  name: 'sign-pdf',
  summary: 'Stamp signature images onto pages of a PDF',
  help: `Usage: pagewright sign-pdf --image <sig.png> --place page,x,y,w,h [--place ...] <in.pdf> -o <out.pdf> [--password SECRET]

Draw the image (JPG, JPEG, PNG with transparency, BMP or GIF) into each box as part of the
page content. A box is a 1-based page, then x, y, width and height in points from the page's
top-left corner as displayed (rotated pages included). Give one --image for every --place,
in the same order, or one --image for all of them.

Options:
      --image <file>           the signature image; repeat to pair images with places
      --place <page,x,y,w,h>   where to put it; repeat for more places
  -o, --output <file>          where to write the PDF (required)
      --password <secret>      password of an encrypted input
  -h, --help                   show this help

Prints {"pages": <pages signed>, "output": <file>} on success.`,
  options: { ...inputOutputOptions, image: { type: 'string', multiple: true }, place: { type: 'string', multiple: true } },
  async run(values, positionals, io) {
    const { input, output } = inputAndOutput(values, positionals);
    const images = stringList(values.image);
    const places = stringList(values.place).map((spec) => parseBox(spec, '--place'));
    if (images.length === 0) throw new UsageError('missing --image <file>');
    if (places.length === 0) throw new UsageError('missing --place page,x,y,w,h');
    if (images.length !== 1 && images.length !== places.length) {
      throw new UsageError(`give one --image, or one per --place (${images.length} images, ${places.length} places)`);
    }
    const placements = places.map((place, i) => ({ image: images.length === 1 ? images[0]! : images[i]!, ...place }));
    const result = await signPdf(input, output, { placements });
    io.out(`${JSON.stringify({ pages: result.pages, output })}\n`);
  },
};
