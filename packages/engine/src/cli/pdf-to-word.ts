import type { PdfInput } from '../merge.js';
import type { ProgressFn } from '../progress.js';
import { pdfToWord } from '../convert/pdf-to-word.js';
import type { Subcommand } from './command.js';
import { printResult, singleArgs, singleInputOptions } from './single-input.js';

type Converter = (input: PdfInput, outputPath: string, onProgress?: ProgressFn) => Promise<void>;

/** A `pagewright pdf-to-<format> in.pdf -o out.<ext>` command around one of the flowing converters. */
export function flowingCommand(name: string, summary: string, ext: string, description: string, convert: Converter): Subcommand {
  return {
    name,
    summary,
    help: `Usage: pagewright ${name} <in.pdf> -o <out.${ext}> [--password SECRET]

${description}

Options:
  -o, --output <file>   where to write the .${ext} file (required)
      --password <pw>   password of an encrypted input
  -h, --help            show this help

Prints {"output": <file>} on success.`,
    options: singleInputOptions,
    async run(values, positionals, io) {
      const { input, output } = singleArgs(values, positionals);
      await convert(input, output);
      printResult(io, { output });
    },
  };
}

export const pdfToWordCommand = flowingCommand(
  'pdf-to-word',
  'Convert a PDF into an editable Word document (DOCX)',
  'docx',
  `Rebuilds the document from the PDF's text and drawing: flowing paragraphs with their fonts,
sizes, bold, italic, colour, alignment and line spacing; multi-column sections; ruled and
borderless tables as Word tables; images in place; page size and margins; lists; running
headers and footers in the Word header and footer.`,
  pdfToWord,
);
