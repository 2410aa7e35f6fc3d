import { converterCommand } from '../image/cli-args.js';

/** The converter under the name of its own tool page, which offers PDF first. */
export const imageToOthersCommand = converterCommand('image-to-others', 'Convert an image to PDF or another image format', '--to pdf in.png -o out.pdf');
