/** The choices of a conversion and the converter request they make (SPEC §7 converter). */
import { converterOutputFormats, type ConverterOutputFormat, type OcrLanguage } from '@pagewright/contracts';
import type { FileItem } from '../../files/fileStore';
import { fileIdOf, passwordOf } from '../shared/readyFile';

export type FromPdfFormat = Exclude<ConverterOutputFormat, 'pdf'>;
export type HtmlLayout = 'fixed' | 'reflow';

export const fromPdfFormats = converterOutputFormats.filter((f): f is FromPdfFormat => f !== 'pdf');
/** The page image formats of pdf-to-jpg (SPEC §1: jpg, png, bmp, gif, tiff). */
export const imageFormats: readonly FromPdfFormat[] = ['jpg', 'png', 'bmp', 'gif', 'tiff'];
export const DPI_MIN = 72;
export const DPI_MAX = 600;
export const DPI_DEFAULT = 150;

/** What the user chose for PDFs; documents always become PDF. */
export interface ConversionChoice {
  format: FromPdfFormat;
  dpi: number | string;
  layout: HtmlLayout;
  usingOcr: boolean;
  languages: OcrLanguage[];
}

export function initialChoice(format: FromPdfFormat): ConversionChoice {
  return { format, dpi: DPI_DEFAULT, layout: 'fixed', usingOcr: false, languages: ['eng'] };
}

export const isImageFormat = (format: FromPdfFormat) => imageFormats.includes(format);

/** Which fields keep the choice from running (SPEC §5: OCR needs a language); null when none. */
export function choiceErrors(choice: ConversionChoice): { dpi: boolean; languages: boolean } | null {
  const dpi = isImageFormat(choice.format)
    && (typeof choice.dpi !== 'number' || !Number.isInteger(choice.dpi) || choice.dpi < DPI_MIN || choice.dpi > DPI_MAX);
  const languages = choice.usingOcr && choice.languages.length === 0;
  return dpi || languages ? { dpi, languages } : null;
}

/**
 * The converter request of one file (SPEC §7): a PDF goes to the chosen format, with OCR first
 * when asked; any other document goes to PDF.
 */
export function converterBody(file: FileItem, choice: ConversionChoice, multiId: string) {
  const isPdf = file.name.toLowerCase().endsWith('.pdf');
  return {
    file_id: fileIdOf(file),
    multi_id: multiId,
    passwd: passwordOf(file),
    output_format: isPdf ? choice.format : 'pdf' as const,
    using_ocr: isPdf && choice.usingOcr,
    languages: isPdf && choice.usingOcr ? choice.languages : [],
    dpi: typeof choice.dpi === 'number' ? choice.dpi : DPI_DEFAULT,
    layout: choice.layout,
  };
}
