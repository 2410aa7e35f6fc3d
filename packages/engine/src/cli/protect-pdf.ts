import { PROTECT_PASSWORD_MAX, PROTECT_PASSWORD_MIN } from '@pagewright/contracts';
import { protectPdf } from '../protect.js';
import { UsageError, type Subcommand } from './command.js';
import { printResult, singleArgs, stringOption } from './single-input.js';

export const protectPdfCommand: Subcommand = {
  name: 'protect-pdf',
  summary: 'Encrypt a PDF (AES-256) so that it opens only with a password',
  help: `Usage: pagewright protect-pdf --password <new password> <in.pdf> -o <out.pdf> [--input-password SECRET]

Encrypt the PDF with AES-256 so that it opens only with the new password
(${PROTECT_PASSWORD_MIN} to ${PROTECT_PASSWORD_MAX} characters). The same password is the owner password: whoever opens
the file may print, copy and edit it, and remove the protection.

Options:
      --password <secret>         the new password (required)
      --input-password <secret>   password of an input that is already encrypted
  -o, --output <file>             where to write the PDF (required)
  -h, --help                      show this help

Prints {"pages": <page count>, "output": <file>} on success.`,
  options: { output: { type: 'string', short: 'o' }, password: { type: 'string' }, 'input-password': { type: 'string' } },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals, 'input-password');
    const password = stringOption(values, 'password');
    if (password === undefined) throw new UsageError('missing --password <new password>');
    const result = await protectPdf(input, output, { password });
    printResult(io, { pages: result.pages, output });
  },
};
