import { ocrToPdf, OCR_LANGUAGES, type OcrInput } from '../ocr.js';
import { UsageError, stringList, type Subcommand } from './command.js';

/**
 * `--password` values: `N=SECRET` for the N-th input (1-based), or a bare `SECRET` for every
 * encrypted PDF input (SPEC: one password can be applied to all files).
 */
export function parseOcrPasswords(specs: string[], inputCount: number): { all?: string; byInput: Map<number, string> } {
  const byInput = new Map<number, string>();
  let all: string | undefined;
  for (const spec of specs) {
    const match = /^(\d+)=(.*)$/s.exec(spec);
    if (match) {
      const index = Number(match[1]);
      if (index < 1 || index > inputCount) throw new UsageError(`--password ${index}=...: there are ${inputCount} inputs`);
      if (byInput.has(index)) throw new UsageError(`--password given twice for input ${index}`);
      byInput.set(index, match[2]!);
    } else {
      if (all !== undefined) throw new UsageError('--password without N= given twice');
      all = spec;
    }
  }
  return all === undefined ? { byInput } : { all, byInput };
}

export const ocrCommand: Subcommand = {
  name: 'OCR',
  summary: 'Make scanned PDFs and images searchable (invisible text layer), or extract their text',
  help: `Usage: pagewright OCR --languages eng[,deu,...] <in.pdf|image> [more inputs ...] -o <out.pdf>
       pagewright OCR --languages eng --format txt <in.pdf|image> [...] -o <out.txt>

Recognise the text of every page without text (scans, photos) with Tesseract and lay it over
the page as invisible, selectable and searchable text; what the page shows does not change.
Pages that already have text are kept as they are. Inputs are PDFs and images (JPG, PNG, BMP,
GIF, TIFF with every frame); all of them become one PDF, pages in input order, or one UTF-8
text file (--format txt, pages separated by form feeds), or a Word document of the text
(--format docx, one paragraph per line, a page break between pages).

Options:
  -l, --languages <list>    comma-separated Tesseract languages (required): ${OCR_LANGUAGES.join(', ')}
  -o, --output <file>       where to write the result (required)
  -f, --format <pdf|txt|docx>  output format (default pdf)
      --password <secret>   password of every encrypted PDF input
      --password N=SECRET   password of the N-th input (1-based); repeat for several inputs
  -h, --help                show this help

Prints {"pages", "characters", "ocrPages", "output"} on success.`,
  options: {
    languages: { type: 'string', short: 'l', multiple: true },
    output: { type: 'string', short: 'o' },
    format: { type: 'string', short: 'f' },
    password: { type: 'string', multiple: true },
  },
  async run(values, positionals, io) {
    const output = values.output;
    if (typeof output !== 'string' || output === '') throw new UsageError('missing -o <output>');
    if (positionals.length === 0) throw new UsageError('no input given');
    const languages = stringList(values.languages).flatMap((list) => list.split(/[,+]/)).map((lang) => lang.trim()).filter(Boolean);
    if (languages.length === 0) throw new UsageError('missing --languages (for example --languages eng)');
    const format = values.format ?? 'pdf';
    if (format !== 'pdf' && format !== 'txt' && format !== 'docx') throw new UsageError(`--format must be pdf, txt or docx, got '${String(format)}'`);
    const passwords = parseOcrPasswords(stringList(values.password), positionals.length);
    const inputs: OcrInput[] = positionals.map((path, i) => {
      const password = passwords.byInput.get(i + 1) ?? passwords.all;
      return password === undefined ? { path } : { path, password };
    });
    const result = await ocrToPdf(inputs, output, { languages, outputFormat: format });
    io.out(`${JSON.stringify({ pages: result.pages, characters: result.characters, ocrPages: result.ocrPages, output })}\n`);
  },
};
