/**
 * The `pagewright <x>-to-pdf` subcommands (word, excel, ppt, pub, rtf, txt): one document in,
 * one PDF out, through a pool of one LibreOffice instance started for the command and closed
 * after it. The accepted types are the tool page's source extensions (contracts' tool table).
 */
import { extname } from 'node:path';
import { CatalogueError, toolByPageName } from '@pagewright/contracts';
import { UsageError, type Subcommand } from '../cli/command.js';
import { documentInfo } from '../info.js';
import { documentToPdf } from './convert.js';
import { OfficePool } from './pool.js';

export function toPdfCommand(name: string, what: string): Subcommand {
  const accepted = [...(toolByPageName(name)?.sourceExtensions ?? [])];
  return {
    name,
    summary: `Convert ${what} (${accepted.join(', ')}) to PDF with LibreOffice`,
    help: `Usage: pagewright ${name} <in.${accepted[0]}> -o <out.pdf> [--type EXT] [--timeout SECONDS]

Convert ${what} to PDF. Accepted types: ${accepted.join(', ')} (from the file name's
extension, or --type). LibreOffice runs headless for the command, in an empty network
namespace when the machine allows it, with macros disabled and links not updated: the
document cannot reach the network, read other files or run code.

Options:
  -o, --output <file>    where to write the PDF (required)
      --type <ext>       the input's type when its name does not end in it
      --timeout <s>      give up after this many seconds (default 120; env OFFICE_TIMEOUT_MS)
  -h, --help             show this help

Prints {"pages": <count>, "output": <file>} on success. Errors: FILE_TYPE_ERROR (another type),
FILE_DAMAGED (LibreOffice cannot read it), ENCRYPTED_NOT_SUPPORTED, CONVERSION_TIMEOUT.`,
    options: {
      output: { type: 'string', short: 'o' },
      type: { type: 'string' },
      timeout: { type: 'string' },
    },
    async run(values, positionals, io) {
      const output = values.output;
      if (typeof output !== 'string' || output === '') throw new UsageError('missing -o <out.pdf>');
      if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'no input document given' : 'give exactly one input document');
      const input = positionals[0]!;
      const type = (typeof values.type === 'string' ? values.type : extname(input)).toLowerCase().replace(/^\./, '');
      if (!accepted.includes(type)) throw new CatalogueError('FILE_TYPE_ERROR', `${name} takes ${accepted.join(', ')}, not '${type || 'a file without extension'}'`);
      let timeoutMs: number | undefined;
      if (values.timeout !== undefined) {
        const seconds = Number(values.timeout);
        if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout expects a number of seconds, got '${String(values.timeout)}'`);
        timeoutMs = Math.round(seconds * 1000);
      }
      const pool = new OfficePool({ instances: 1, ...(timeoutMs ? { timeoutMs } : {}) });
      try {
        await documentToPdf(pool, input, output, type);
      } finally {
        await pool.close();
      }
      const info = await documentInfo(output);
      io.out(`${JSON.stringify({ pages: info.total_page, output })}\n`);
    },
  };
}
