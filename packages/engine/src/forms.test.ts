import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formFieldCode } from '@pagewright/contracts';
import { annotatePdf, formFields } from './index.js';
import { formFixture, formPdfBytes } from '../test/form-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-forms-');

/** Each field's value as qpdf's JSON shows it (a reader other than MuPDF): names without their slash, text without its u: prefix. */
function valuesByQpdf(path: string): Record<string, string> {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=acroform', path], { encoding: 'utf8' })) as {
    acroform: { fields: { fullname: string; value: unknown }[] };
  };
  const values: Record<string, string> = {};
  for (const field of json.acroform.fields) {
    if (typeof field.value === 'string') values[field.fullname] = field.value.replace(/^(u:|\/)/, '');
  }
  return values;
}

const filled = [
  { name: formFixture.text.name, value: 'Grace Hopper' },
  { name: formFixture.checkbox.name, value: 'Yes' },
  { name: formFixture.radio.name, value: 'blue' },
  { name: formFixture.combo.name, value: 'jp' },
  { name: formFixture.list.name, value: 'L' },
];

describe.skipIf(!toolsAvailable('form fields', 'qpdf', 'pdftotext'))('form fields', () => {
  let empty: string;
  let withValues: string;
  beforeAll(() => {
    empty = tmp.file('empty-form.pdf', formPdfBytes({ values: false }));
    withValues = tmp.file('form.pdf', formPdfBytes());
  });

  it('reads every SPEC form field kind (1 button ... 7 signature) with the values the PDF already has', async () => {
    const fields = await formFields({ path: withValues });
    expect(fields.map((f) => [f.name, f.kind, formFieldCode(f.kind), f.value])).toEqual([
      ['full_name', 'text', 6, 'Ada Lovelace'],
      ['agree', 'checkbox', 2, 'Yes'],
      ['colour', 'radio', 3, 'red'],
      ['country', 'combo', 4, 'fr'],
      ['size', 'list', 5, 'M'],
      ['reset', 'button', 1, ''],
      ['signature', 'signature', 7, ''],
    ]);
    expect(fields.find((f) => f.kind === 'radio')?.states).toEqual(['red', 'blue']);
    expect(fields.find((f) => f.kind === 'combo')?.options).toEqual(['fr', 'de', 'jp']);
    expect(fields.find((f) => f.kind === 'signature')?.signed).toBe(false);
  });

  it('saves text, checkbox, radio, combo and list values as field values, read back by MuPDF and by qpdf', async () => {
    const output = tmp.out('filled.pdf');
    const result = await annotatePdf({ path: empty }, output, { annotations: [], fields: filled });
    expect(result.fields).toBe(5);
    const back = await formFields({ path: output });
    expect(Object.fromEntries(back.filter((f) => f.value !== '').map((f) => [f.name, f.value]))).toEqual(
      Object.fromEntries(filled.map((f) => [f.name, f.value])),
    );
    const byQpdf = valuesByQpdf(output);
    for (const { name, value } of filled) expect(byQpdf[name]).toBe(value);
    // Not flattened: the fields are still there to edit.
    expect(back).toHaveLength(7);
    // The combo's value is the option's export value ('jp'); what its widget shows is the option's text.
    const shown = execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' });
    expect(shown).toContain('Japan');
    expect(shown).not.toMatch(/^jp$/m);
  });

  it('turns a checked box off and changes the radio choice of a PDF that had values', async () => {
    const output = tmp.out('changed.pdf');
    await annotatePdf({ path: withValues }, output, { annotations: [], fields: [{ name: 'agree', value: 'Off' }, { name: 'colour', value: 'blue' }] });
    const byQpdf = valuesByQpdf(output);
    expect(byQpdf.agree).toBe('Off');
    expect(byQpdf.colour).toBe('blue');
    expect(byQpdf.full_name).toBe('Ada Lovelace');
  });

  it('flattens the form only when asked: no field is left and the typed text is page text', async () => {
    const output = tmp.out('flat.pdf');
    await annotatePdf({ path: empty }, output, { annotations: [], fields: filled, flattenForms: true });
    expect(await formFields({ path: output })).toEqual([]);
    const text = execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' });
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Japan');
    expect(readFileSync(output).includes(Buffer.from('/AcroForm'))).toBe(false);
  });

  it.each([
    ['a field the PDF does not have', { name: 'nope', value: 'x' }],
    ['a push button', { name: 'reset', value: 'x' }],
    ['a signature field', { name: 'signature', value: 'x' }],
    ['a combo value that is not an option', { name: 'country', value: 'xx' }],
    ['a radio state the group does not have', { name: 'colour', value: 'green' }],
    ['a text longer than the field takes (MaxLen 40)', { name: 'full_name', value: 'x'.repeat(41) }],
  ])('refuses %s with INVALID_PARAMS', async (_what, fill) => {
    const output = tmp.out('refused.pdf');
    const err = await errorOf(annotatePdf({ path: empty }, output, { annotations: [], fields: [fill] }));
    expect(err.code).toBe('INVALID_PARAMS');
  });
});
