import { unlockPdf } from '../protect.js';
import type { Subcommand } from './command.js';
import { printResult, singleArgs, singleInputOptions } from './single-input.js';

export const unlockPdfCommand: Subcommand = {
  name: 'unlock-pdf',
  summary: 'Remove the password and encryption of a PDF',
  help: `Usage: pagewright unlock-pdf --password <secret> <in.pdf> -o <out.pdf>

Write the PDF without encryption, so that it opens without a password. A file that needs a
password to open requires --password (error 3122 without, INCORRECT_PASSWORD if wrong); a file
with permission restrictions only (an owner password) is unlocked without it. A file that is
not encrypted fails with NOT_PROTECTED.

Options:
      --password <secret>   the file's password
  -o, --output <file>       where to write the PDF (required)
  -h, --help                show this help

Prints {"pages": <page count>, "output": <file>} on success.`,
  options: { ...singleInputOptions },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const result = await unlockPdf(input, output);
    printResult(io, { pages: result.pages, output });
  },
};
