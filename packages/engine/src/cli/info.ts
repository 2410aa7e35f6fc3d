import { documentInfo } from '../info.js';
import { UsageError, type Subcommand } from './command.js';

export const infoCommand: Subcommand = {
  name: 'info',
  summary: 'Print page count, page size and encryption of a PDF as JSON',
  help: `Usage: pagewright info <file.pdf> [--password PASSWORD]

Print {"total_page", "page_w", "page_h", "encrypted"} of the file as JSON. page_w and page_h
are the size of page 1 in PDF points (1/72 inch), as displayed. An encrypted file without
--password fails with code 3122; a wrong password with INCORRECT_PASSWORD.

Options:
      --password <secret>   the file's password
  -h, --help                show this help`,
  options: {
    password: { type: 'string' },
  },
  async run(values, positionals, io) {
    if (positionals.length !== 1) throw new UsageError('info takes exactly one file');
    const password = typeof values.password === 'string' ? values.password : undefined;
    const info = await documentInfo(positionals[0]!, password);
    io.out(`${JSON.stringify(info)}\n`);
  },
};
