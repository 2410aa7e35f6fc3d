import { mergePdf, type PdfInput } from '../merge.js';
import { UsageError, stringList, type Subcommand } from './command.js';

/** Parses repeated `--password N=secret` (N is the 1-based input position). */
export function parsePasswords(specs: string[], inputCount: number): Map<number, string> {
  const passwords = new Map<number, string>();
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const index = eq > 0 ? Number(spec.slice(0, eq)) : NaN;
    if (!Number.isInteger(index) || index < 1 || index > inputCount) {
      throw new UsageError(`--password expects N=PASSWORD with N between 1 and ${inputCount}, got '${spec}'`);
    }
    if (passwords.has(index)) throw new UsageError(`--password given twice for input ${index}`);
    passwords.set(index, spec.slice(eq + 1));
  }
  return passwords;
}

export const mergePdfCommand: Subcommand = {
  name: 'merge-pdf',
  summary: 'Merge PDFs into one, keeping bookmarks, links and form fields',
  help: `Usage: pagewright merge-pdf <a.pdf> <b.pdf> [more.pdf ...] -o <out.pdf> [--password N=PASSWORD ...]

Merge the pages of every input, in the order given, into one PDF. Bookmarks of every input
are kept (appended in input order), links keep pointing at the right pages, form fields and
attached files are carried over. Encrypted inputs need their password; the output is not
encrypted.

Options:
  -o, --output <file>       where to write the merged PDF (required)
      --password N=SECRET   password of the N-th input (1-based); repeat for several inputs
  -h, --help                show this help

Prints {"pages": <count>, "output": <file>} on success.`,
  options: {
    output: { type: 'string', short: 'o' },
    password: { type: 'string', multiple: true },
  },
  async run(values, positionals, io) {
    const output = values.output;
    if (typeof output !== 'string' || output === '') throw new UsageError('missing -o <out.pdf>');
    if (positionals.length === 0) throw new UsageError('no input PDF given');
    const passwords = parsePasswords(stringList(values.password), positionals.length);
    const inputs: PdfInput[] = positionals.map((path, i) => {
      const password = passwords.get(i + 1);
      return password === undefined ? { path } : { path, password };
    });
    const result = await mergePdf(inputs, output);
    io.out(`${JSON.stringify({ pages: result.pages, output })}\n`);
  },
};
