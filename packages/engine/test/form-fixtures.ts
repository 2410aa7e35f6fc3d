/**
 * A PDF with one AcroForm field of each SPEC §3 form field kind (button, checkbox, radio, combo,
 * list, text, signature), built with MuPDF's object API. Only `mupdf` is imported so the server's
 * tests and the e2e specs can build the same form.
 */
import * as mupdf from 'mupdf';

/** The fields of the form and where they are, in points from the page's top-left corner. */
export const formFixture = {
  text: { name: 'full_name', rect: [72, 100, 300, 124], value: 'Ada Lovelace', maxLength: 40 },
  checkbox: { name: 'agree', rect: [72, 150, 90, 168], on: 'Yes' },
  radio: { name: 'colour', options: [{ on: 'red', rect: [72, 200, 90, 218] }, { on: 'blue', rect: [120, 200, 138, 218] }], value: 'red' },
  combo: { name: 'country', rect: [72, 250, 300, 274], options: [['fr', 'France'], ['de', 'Germany'], ['jp', 'Japan']], value: 'fr' },
  list: { name: 'size', rect: [72, 300, 200, 360], options: ['S', 'M', 'L'], value: 'M' },
  button: { name: 'reset', rect: [72, 400, 160, 424] },
  signature: { name: 'signature', rect: [300, 600, 520, 680] },
} as const;

type Rect = readonly [number, number, number, number];

/** A 612 x 792 page, whose top-left-corner boxes become PDF's bottom-left-corner ones. */
const PAGE_HEIGHT = 792;

function pdfRect([x0, y0, x1, y1]: Rect): number[] {
  return [x0, PAGE_HEIGHT - y1, x1, PAGE_HEIGHT - y0];
}

/** Builds the form and returns its bytes; `values: false` leaves every field empty. */
export function formPdfBytes(options: { values?: boolean } = {}): Uint8Array {
  const withValues = options.values ?? true;
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin');
    const resources = doc.newDictionary();
    const fonts = doc.newDictionary();
    fonts.put('Helv', font);
    resources.put('Font', fonts);
    const content = 'BT /Helv 14 Tf 72 740 Td (A form with every kind of field) Tj ET';
    const pageObject = doc.addPage([0, 0, 612, PAGE_HEIGHT], 0, resources, content);
    doc.insertPage(-1, pageObject);
    const page = doc.findPage(0);
    const annots = doc.newArray();
    page.put('Annots', annots);
    const fields = doc.newArray();

    const widget = (rect: Rect): mupdf.PDFObject => {
      const w = doc.addObject(doc.newDictionary());
      w.put('Type', doc.newName('Annot'));
      w.put('Subtype', doc.newName('Widget'));
      w.put('Rect', pdfRect(rect));
      w.put('P', page);
      w.put('F', 4);
      const mk = doc.newDictionary();
      mk.put('BC', [0, 0, 0]);
      w.put('MK', mk);
      annots.push(w);
      return w;
    };
    /** Normal appearances of a check box or radio button: a filled square when on, nothing when off. */
    const onOffAppearance = (w: mupdf.PDFObject, on: string, rect: Rect) => {
      const width = rect[2] - rect[0];
      const height = rect[3] - rect[1];
      const stream = (body: string) => {
        const dict = doc.newDictionary();
        dict.put('Type', doc.newName('XObject'));
        dict.put('Subtype', doc.newName('Form'));
        dict.put('BBox', [0, 0, width, height]);
        return doc.addStream(body, dict);
      };
      const n = doc.newDictionary();
      n.put(on, stream(`0 g 3 3 ${width - 6} ${height - 6} re f 0 G 0.5 0.5 ${width - 1} ${height - 1} re S`));
      n.put('Off', stream(`0 G 0.5 0.5 ${width - 1} ${height - 1} re S`));
      const ap = doc.newDictionary();
      ap.put('N', n);
      w.put('AP', ap);
    };

    const f = formFixture;
    const text = widget(f.text.rect);
    text.put('FT', doc.newName('Tx'));
    text.put('T', doc.newString(f.text.name));
    text.put('DA', doc.newString('/Helv 12 Tf 0 g'));
    text.put('MaxLen', f.text.maxLength);
    if (withValues) text.put('V', doc.newString(f.text.value));
    fields.push(text);

    const check = widget(f.checkbox.rect);
    check.put('FT', doc.newName('Btn'));
    check.put('T', doc.newString(f.checkbox.name));
    onOffAppearance(check, f.checkbox.on, f.checkbox.rect);
    check.put('V', doc.newName(withValues ? f.checkbox.on : 'Off'));
    check.put('AS', doc.newName(withValues ? f.checkbox.on : 'Off'));
    fields.push(check);

    const radio = doc.addObject(doc.newDictionary());
    radio.put('FT', doc.newName('Btn'));
    radio.put('T', doc.newString(f.radio.name));
    // Radio (bit 16) and no toggle to off (bit 15).
    radio.put('Ff', (1 << 15) | (1 << 14));
    radio.put('V', doc.newName(withValues ? f.radio.value : 'Off'));
    const kids = doc.newArray();
    for (const option of f.radio.options) {
      const kid = widget(option.rect);
      kid.put('Parent', radio);
      onOffAppearance(kid, option.on, option.rect);
      kid.put('AS', doc.newName(withValues && option.on === f.radio.value ? option.on : 'Off'));
      kids.push(kid);
    }
    radio.put('Kids', kids);
    fields.push(radio);

    const combo = widget(f.combo.rect);
    combo.put('FT', doc.newName('Ch'));
    combo.put('T', doc.newString(f.combo.name));
    combo.put('Ff', 1 << 17);
    combo.put('DA', doc.newString('/Helv 12 Tf 0 g'));
    combo.put('Opt', f.combo.options.map(([exportValue, display]) => [doc.newString(exportValue), doc.newString(display)]));
    if (withValues) combo.put('V', doc.newString(f.combo.value));
    fields.push(combo);

    const list = widget(f.list.rect);
    list.put('FT', doc.newName('Ch'));
    list.put('T', doc.newString(f.list.name));
    list.put('DA', doc.newString('/Helv 12 Tf 0 g'));
    list.put('Opt', f.list.options.map((o) => doc.newString(o)));
    if (withValues) list.put('V', doc.newString(f.list.value));
    fields.push(list);

    const button = widget(f.button.rect);
    button.put('FT', doc.newName('Btn'));
    button.put('T', doc.newString(f.button.name));
    button.put('Ff', 1 << 16);
    button.put('DA', doc.newString('/Helv 12 Tf 0 g'));
    button.get('MK').put('CA', doc.newString('Reset'));
    fields.push(button);

    const signature = widget(f.signature.rect);
    signature.put('FT', doc.newName('Sig'));
    signature.put('T', doc.newString(f.signature.name));
    fields.push(signature);

    const form = doc.newDictionary();
    form.put('Fields', fields);
    form.put('DA', doc.newString('/Helv 12 Tf 0 g'));
    form.put('DR', resources);
    doc.getTrailer().get('Root').put('AcroForm', doc.addObject(form));

    // MuPDF draws the text, choice and button appearances from the values.
    const loaded = doc.loadPage(0);
    for (const w of loaded.getWidgets()) w.update();
    loaded.destroy();
    const buffer = doc.saveToBuffer('compress');
    try {
      return Uint8Array.from(buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  } finally {
    doc.destroy();
  }
}
