import { converterCommand } from '../image/cli-args.js';

export const imageConverterCommand = converterCommand('image-converter', 'Convert an image to JPG, PNG, BMP, GIF, TIFF, WebP, ICO or PDF', '--to png in.gif -o out.png');
