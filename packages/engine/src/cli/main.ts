import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CatalogueError, tools } from '@pagewright/contracts';
import { InputError } from '../errors.js';
import { UsageError, type CliIo, type Subcommand } from './command.js';
import { splitPdfCommand } from './split-pdf.js';
import { rotatePdfCommand } from './rotate-pdf.js';
import { cropPdfCommand } from './crop-pdf.js';
import { deletePagesCommand } from './delete-pages.js';
import { rearrangePdfPagesCommand } from './rearrange-pdf-pages.js';
import { extractImagesFromPdfCommand } from './extract-images-from-pdf.js';
import { protectPdfCommand } from './protect-pdf.js';
import { unlockPdfCommand } from './unlock-pdf.js';
import { infoCommand } from './info.js';
import { mergePdfCommand } from './merge-pdf.js';
import { ocrCommand } from './ocr.js';
import { jpgToPdfCommand } from './jpg-to-pdf.js';
import { compressPdfCommand } from './compress-pdf.js';
import { redactPdfCommand } from './redact-pdf.js';
import { replaceTextCommand } from './replace-text.js';
import { signPdfCommand } from './sign-pdf.js';
import { wordToPdfCommand } from './word-to-pdf.js';
import { excelToPdfCommand } from './excel-to-pdf.js';
import { pptToPdfCommand } from './ppt-to-pdf.js';
import { pubToPdfCommand } from './pub-to-pdf.js';
import { rtfToPdfCommand } from './rtf-to-pdf.js';
import { txtToPdfCommand } from './txt-to-pdf.js';
import { imageConverterCommand } from './image-converter.js';
import { imageToOthersCommand } from './image-to-others.js';
import { imageResizerCommand } from './image-resizer.js';
import { imageCompressorCommand } from './image-compressor.js';
import { rotateImageCommand } from './rotate-image.js';
import { cropImageCommand } from './crop-image.js';
import { pdfToWordCommand } from './pdf-to-word.js';
import { pdfToTxtCommand } from './pdf-to-txt.js';
import { pdfToRtfCommand } from './pdf-to-rtf.js';
import { pdfToEpubCommand } from './pdf-to-epub.js';
import { pdfToPagesCommand } from './pdf-to-pages.js';
import { pdfToJpgCommand } from './pdf-to-jpg.js';
import { pdfToHtmlCommand } from './pdf-to-html.js';
import { pdfToDxfCommand } from './pdf-to-dxf.js';
import { pdfToPptCommand } from './pdf-to-ppt.js';
import { pdfToExcelCommand } from './pdf-to-excel.js';
import { pdfConverterCommand } from './pdf-converter.js';

/** The commands of the tools, one per tool page name; `pagewright <page name>` runs it. */
const toolCommands: Subcommand[] = [
  mergePdfCommand, ocrCommand, jpgToPdfCommand, splitPdfCommand,
  rotatePdfCommand, cropPdfCommand, deletePagesCommand, rearrangePdfPagesCommand,
  extractImagesFromPdfCommand, protectPdfCommand, unlockPdfCommand, compressPdfCommand,
  redactPdfCommand, replaceTextCommand, signPdfCommand, imageConverterCommand,
  imageToOthersCommand, imageResizerCommand, imageCompressorCommand, rotateImageCommand,
  cropImageCommand, pdfToWordCommand, pdfToTxtCommand, pdfToRtfCommand,
  pdfToEpubCommand, pdfToPagesCommand, pdfToJpgCommand, pdfToHtmlCommand,
  pdfToDxfCommand, pdfToPptCommand, pdfToExcelCommand, wordToPdfCommand,
  excelToPdfCommand, pptToPdfCommand, pubToPdfCommand, rtfToPdfCommand,
  txtToPdfCommand,
];

/**
 * Every subcommand: the tool table decides which tools have one (every tool the product runs)
 * and their order; `pdf-converter` (any conversion by target) and `info` come last.
 */
export const subcommands: Subcommand[] = [
  ...tools.filter((t) => t.request).map((t) => {
    const command = toolCommands.find((c) => c.name === t.pageName);
    if (!command) throw new Error(`the tool ${t.pageName} has no command`);
    return command;
  }),
  pdfConverterCommand,
  infoCommand,
];

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function mainHelp(): string {
  const width = Math.max(...subcommands.map((c) => c.name.length));
  const lines = subcommands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Usage: pagewright <command> [options]

Pagewright document tools on the command line.

Commands:
${lines.join('\n')}

Options:
  -h, --help     show this help, or a command's help with 'pagewright <command> --help'
  -v, --version  print the version

Exit codes: 0 success, 1 processing error (printed as 'error <code>: <message>'), 2 usage error.`;
}

/** Runs the CLI and returns the exit code; never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    const topic = first === 'help' ? subcommands.find((c) => c.name === rest[0]) : undefined;
    if (topic) {
      io.out(`${topic.help}\n`);
      return 0;
    }
    if (first === undefined) {
      io.err(`${mainHelp()}\n`);
      return 2;
    }
    io.out(`${mainHelp()}\n`);
    return 0;
  }
  if (first === '-v' || first === '--version') {
    io.out(`${version()}\n`);
    return 0;
  }
  const command = subcommands.find((c) => c.name === first);
  if (!command) {
    io.err(`error usage: unknown command '${first}'\nRun 'pagewright --help' for the list of commands.\n`);
    return 2;
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      io.out(`${command.help}\n`);
      return 0;
    }
    await command.run(values, positionals, io);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || isParseArgsError(err)) {
      io.err(`error usage: ${(err as Error).message}\nRun 'pagewright ${command.name} --help' for usage.\n`);
      return 2;
    }
    if (err instanceof CatalogueError) {
      const where = err instanceof InputError ? ` [${err.inputPath}]` : '';
      io.err(`error ${err.code}: ${err.message}${where}\n`);
      return 1;
    }
    io.err(`error UNKNOWN: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

function isParseArgsError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
