import { redactPdf } from '../redact.js';
import { UsageError, stringList, type Subcommand } from './command.js';
import { inputAndOutput, inputOutputOptions, parseBox } from './page-tool-args.js';

export const redactPdfCommand: Subcommand = {
  name: 'redact-pdf',
  summary: 'Black out text and areas of a PDF and remove what was under them',
  help: `Usage: pagewright redact-pdf [--search TERM ...] [--regex] [--case-sensitive] [--box page,x,y,w,h ...] <in.pdf> -o <out.pdf> [--password SECRET]

Black out every occurrence of the search terms and every box, and remove from the file what
was under them: the text (no longer extractable), image pixels, covered drawing. Annotations
over a redacted area or holding a term are deleted, form fields lose the term, and terms in
bookmarks and document properties are blanked. The rest of each page keeps its text.

Options:
      --search <term>          text to redact on every page; repeat for more terms
      --regex                  the terms are JavaScript regular expressions
      --case-sensitive         match upper and lower case exactly (default: ignore case)
      --box <page,x,y,w,h>     an area to redact: 1-based page, then points from the page's
                               top-left corner as displayed; repeat for more boxes
  -o, --output <file>          where to write the PDF (required)
      --password <secret>      password of an encrypted input
  -h, --help                   show this help

Prints {"redactions": <count>, "output": <file>} on success.`,
  options: {
    ...inputOutputOptions,
    search: { type: 'string', multiple: true },
    regex: { type: 'boolean' },
    'case-sensitive': { type: 'boolean' },
    box: { type: 'string', multiple: true },
  },
  async run(values, positionals, io) {
    const { input, output } = inputAndOutput(values, positionals);
    const search = stringList(values.search);
    const boxes = stringList(values.box).map((spec) => parseBox(spec, '--box'));
    if (search.length === 0 && boxes.length === 0) throw new UsageError('give at least one --search or --box');
    if (search.some((term) => term === '')) throw new UsageError('--search needs a non-empty term');
    const result = await redactPdf(input, output, { boxes, search, regex: values.regex === true, caseSensitive: values['case-sensitive'] === true });
    io.out(`${JSON.stringify({ redactions: result.redactions, output })}\n`);
  },
};
