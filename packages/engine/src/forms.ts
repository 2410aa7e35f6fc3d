/**
 * AcroForm fields (SPEC §3 form fields 1-7) through MuPDF's widget API: the fields of a PDF with
 * their values, and the editor's filled-in values written back as field values (each widget's
 * appearance redrawn), or flattened into page content when the user asks.
 */
import { FIELD_OFF, type FormFieldFill, type FormFieldKind } from '@pagewright/contracts';
import type { PdfInput } from './merge.js';
import { mupdf, type PDFDocument, type PDFObject } from './mupdf.js';
import { documentFail, openInput } from './pdf/single.js';

/** MuPDF's widget types by the SPEC §3 form field kind they are. */
const kindOfWidgetType: Record<string, FormFieldKind> = {
  button: 'button',
  checkbox: 'checkbox',
  radiobutton: 'radio',
  combobox: 'combo',
  listbox: 'list',
  text: 'text',
  signature: 'signature',
};

/** One field as the editor and the tests see it: the union of its widgets. */
export interface FormField {
  /** Fully qualified name (parent names joined by dots). */
  name: string;
  kind: FormFieldKind;
  /** 1-based page of its first widget. */
  page: number;
  /** Text, the chosen option's export value, the on-state name of a check box or radio group, or `Off`. */
  value: string;
  /** Combo and list boxes: the export values of the options. */
  options?: string[];
  /** Check boxes and radio groups: the on-state name of each widget. */
  states?: string[];
  readOnly: boolean;
  /** Signature fields: whether a signature is in it. */
  signed?: boolean;
}

/** The name of a check box's or radio button's on state: its normal appearance's key other than Off. */
export function onState(widget: mupdf.PDFWidget): string | undefined {
  const normal = widget.getObject().get('AP', 'N');
  let on: string | undefined;
  if (normal.isDictionary()) {
    normal.forEach((_value, key) => {
      if (on === undefined && typeof key === 'string' && key !== FIELD_OFF) on = key;
    });
  }
  return on;
}

/** The dictionary among a widget and its parents that is the field: the one naming its type. */
export function fieldObject(widget: PDFObject): PDFObject {
  let object = widget;
  for (let depth = 0; depth < 32; depth += 1) {
    if (object.get('FT').isName()) return object;
    const parent = object.get('Parent');
    if (!parent.isDictionary()) break;
    object = parent;
  }
  return widget;
}

function kindOf(widget: mupdf.PDFWidget): FormFieldKind | undefined {
  return kindOfWidgetType[widget.getFieldType()];
}

/** Every field of the document, in page order, a radio group or a field with several widgets once. */
export function readFormFields(doc: PDFDocument): FormField[] {
  const byName = new Map<string, FormField>();
  const pages = doc.countPages();
  for (let index = 0; index < pages; index += 1) {
    const page = doc.loadPage(index);
    try {
      for (const widget of page.getWidgets()) {
        const kind = kindOf(widget);
        if (!kind) continue;
        const name = widget.getName();
        let field = byName.get(name);
        if (!field) {
          field = { name, kind, page: index + 1, value: widget.getValue(), readOnly: widget.isReadOnly() };
          if (kind === 'combo' || kind === 'list') field.options = widget.getOptions(true);
          if (kind === 'signature') field.signed = widget.getObject().getInheritable('V').isDictionary();
          byName.set(name, field);
        }
        if (kind === 'checkbox' || kind === 'radio') {
          const state = onState(widget);
          if (state !== undefined) field.states = [...(field.states ?? []), state];
        }
      }
    } finally {
      page.destroy();
    }
  }
  return [...byName.values()];
}

/** The fields of a PDF file (opened with its password). */
export async function formFields(input: PdfInput): Promise<FormField[]> {
  const { doc } = await openInput(input);
  try {
    return readFormFields(doc);
  } finally {
    doc.destroy();
  }
}

/** Sets one field's value through one of its widgets; INVALID_PARAMS for a value the field cannot take. */
function fill(doc: PDFDocument, widgets: mupdf.PDFWidget[], value: string): void {
  const first = widgets[0]!;
  const name = first.getName();
  const kind = kindOf(first);
  const refuse = (why: string) => documentFail('INVALID_PARAMS', `field "${name}": ${why}`);
  if (first.isReadOnly()) throw refuse('it is read-only');
  switch (kind) {
    case 'text':
      if (first.getMaxLen() > 0 && [...value].length > first.getMaxLen()) throw refuse(`longer than ${first.getMaxLen()} characters`);
      first.setTextValue(value);
      break;
    case 'combo':
    case 'list': {
      const options = first.getOptions(true);
      const editable = kind === 'combo' && (first.getFieldFlags() & mupdf.PDFWidget.CH_FIELD_IS_EDIT) !== 0;
      if (!editable && value !== '' && !options.includes(value)) throw refuse(`"${value}" is not one of its options`);
      const label = first.getOptions(false)[options.indexOf(value)] ?? value;
      if (label === value) {
        first.setChoiceValue(value);
        break;
      }
      // MuPDF draws a choice's value; an option with its own display text ([export, shown]) must show that
      // text: the shown text is set and drawn, then the value becomes the export value without a redraw.
      first.setChoiceValue(label);
      first.update();
      fieldObject(first.getObject()).put('V', doc.newString(value));
      break;
    }
    case 'checkbox':
    case 'radio': {
      if (value === FIELD_OFF) {
        // Off: the box that is on is toggled off (a radio group that forbids it keeps its choice).
        const on = widgets.find((w) => w.getValue() !== FIELD_OFF && onState(w) === w.getValue());
        if (on && first.getValue() !== FIELD_OFF) on.toggle();
        break;
      }
      const target = widgets.find((w) => onState(w) === value);
      if (!target) throw refuse(`"${value}" is not one of its states`);
      if (target.getValue() !== value) target.toggle();
      break;
    }
    default:
      throw refuse(`a ${kind ?? 'unknown'} field has no value to fill`);
  }
}

/**
 * Writes the filled-in values into the document's fields and redraws their widgets. Errors:
 * INVALID_PARAMS for a field the document does not have, one that cannot be filled (a push
 * button, a signature field, a read-only field) or a value it cannot take.
 */
export function fillFormFields(doc: PDFDocument, fills: FormFieldFill[]): void {
  if (fills.length === 0) return;
  const widgetsByName = new Map<string, { page: mupdf.PDFPage; widget: mupdf.PDFWidget }[]>();
  const pages: mupdf.PDFPage[] = [];
  try {
    const count = doc.countPages();
    for (let index = 0; index < count; index += 1) {
      const page = doc.loadPage(index);
      pages.push(page);
      for (const widget of page.getWidgets()) {
        const name = widget.getName();
        widgetsByName.set(name, [...(widgetsByName.get(name) ?? []), { page, widget }]);
      }
    }
    for (const { name, value } of fills) {
      const widgets = widgetsByName.get(name);
      if (!widgets) throw documentFail('INVALID_PARAMS', `no field named "${name}"`);
      fill(doc, widgets.map((w) => w.widget), value);
      for (const { widget } of widgets) widget.update();
    }
    for (const page of pages) page.update();
  } finally {
    for (const page of pages) page.destroy();
  }
}

/** Flattening: every widget's appearance becomes page content and the form is gone (SPEC §3: only when asked). */
export function flattenForm(doc: PDFDocument): void {
  doc.bake(false, true);
}
