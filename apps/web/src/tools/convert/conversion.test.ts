import { converterRequest } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import type { FileItem } from '../../files/fileStore';
import { choiceErrors, converterBody, initialChoice, type ConversionChoice } from './conversion';

const file = (name: string, password?: string) =>
  ({ uid: name, name, size: 1, state: 'ossSuccessful', ossInfo: { file_id: `id-${name}`, file_size: 1, file_url: '' }, password }) as FileItem;

describe('the converter request of one file', () => {
  it('sends a PDF to the chosen format with its password, OCR languages and options', () => {
    const choice: ConversionChoice = { ...initialChoice('jpg'), dpi: 300, usingOcr: true, languages: ['eng', 'deu'] };
    const body = converterBody(file('scan.pdf', 'secret'), choice, 'm1');
    expect(body).toEqual({
      file_id: 'id-scan.pdf', multi_id: 'm1', passwd: 'secret', output_format: 'jpg',
      using_ocr: true, languages: ['eng', 'deu'], dpi: 300, layout: 'fixed',
    });
    expect(converterRequest.safeParse(body).success).toBe(true);
  });

  it('sends any other document to PDF, without OCR', () => {
    const body = converterBody(file('Letter.DOCX'), { ...initialChoice('xlsx'), usingOcr: true }, 'm2');
    expect(body).toMatchObject({ output_format: 'pdf', using_ocr: false, languages: [], passwd: undefined });
    expect(converterRequest.safeParse(body).success).toBe(true);
  });
});

describe('the checks of a conversion choice', () => {
  it('accepts the defaults of every page', () => {
    expect(choiceErrors(initialChoice('jpg'))).toBeNull();
    expect(choiceErrors(initialChoice('docx'))).toBeNull();
  });

  it('refuses an image resolution outside 72-600 or empty, but not for other formats', () => {
    for (const dpi of [71, 601, 150.5, '']) expect(choiceErrors({ ...initialChoice('png'), dpi })).toEqual({ dpi: true, languages: false });
    expect(choiceErrors({ ...initialChoice('png'), dpi: 600 })).toBeNull();
    expect(choiceErrors({ ...initialChoice('html'), dpi: '' })).toBeNull();
  });

  it('refuses OCR without a language (SPEC §5)', () => {
    expect(choiceErrors({ ...initialChoice('txt'), usingOcr: true, languages: [] })).toEqual({ dpi: false, languages: true });
    expect(choiceErrors({ ...initialChoice('txt'), usingOcr: false, languages: [] })).toBeNull();
  });
});
