import { replaceText } from '../replace-text.js';
import { UsageError, type Subcommand } from './command.js';
import { inputAndOutput, inputOutputOptions } from './page-tool-args.js';

export const replaceTextCommand: Subcommand = {
  name: 'replace-text',
  summary: 'Replace text in a PDF, keeping its position, size and colour',
  help: `Usage: pagewright replace-text --find OLD --replace NEW [--regex] [--ignore-case] <in.pdf> -o <out.pdf> [--password SECRET]

Replace every occurrence of OLD on every page by NEW: the old text is removed from the file
and the new text written on the same baseline, in the same size and colour, in the standard
font of the same family and style (Helvetica, Times, Courier) or the document's own font.
No occurrence is no error: the output is then a copy of the input.

Options:
      --find <text>          the text to replace (required)
      --replace <text>       the new text (required; may be empty to delete)
      --regex                OLD is a JavaScript regular expression; NEW may use $1, $<name>, $&
      --ignore-case          ignore upper and lower case (default: exact case)
  -o, --output <file>        where to write the PDF (required)
      --password <secret>    password of an encrypted input
  -h, --help                 show this help

Prints {"replacements": <count>, "output": <file>} on success.`,
  options: {
    ...inputOutputOptions,
    find: { type: 'string' },
    replace: { type: 'string' },
    regex: { type: 'boolean' },
    'ignore-case': { type: 'boolean' },
  },
  async run(values, positionals, io) {
    const { input, output } = inputAndOutput(values, positionals);
    const find = values.find;
    const replace = values.replace;
    if (typeof find !== 'string' || find === '') throw new UsageError('missing --find <text>');
    if (typeof replace !== 'string') throw new UsageError('missing --replace <text> (use --replace "" to delete)');
    const result = await replaceText(input, output, { find, replace, regex: values.regex === true, caseSensitive: values['ignore-case'] !== true });
    io.out(`${JSON.stringify({ replacements: result.replacements, output })}\n`);
  },
};
