/**
 * The form fields of the open PDF (SPEC §3 form fields 1-7, tool-bar state's form input bar): each
 * widget as pdf.js reads it, the values the PDF came with, the values filled in since, whether
 * the export flattens the form, and the signature field being signed.
 */
import { FIELD_OFF, type EditorBox, type FormFieldFill, type FormFieldKind } from '@pagewright/contracts';
import { create } from 'zustand';

/** One widget of a field; a radio group has one per button, all under the group's name. */
export interface FormWidget {
  id: string;
  /** Fully qualified field name, as the server fills it. */
  name: string;
  kind: FormFieldKind;
  page: number;
  /** PDF points from the page's top-left corner as displayed. */
  box: EditorBox;
  readOnly: boolean;
  multiLine: boolean;
  /** Combo and list boxes: each option's export value and the text shown. */
  options: { value: string; label: string }[];
  /** Check box: its on state; radio button: the group's value when it is the one on. */
  onValue: string;
  /** Text: the most characters the field takes (0: no limit). */
  maxLength: number;
}

export interface FormState {
  widgets: Record<string, FormWidget>;
  /** Each field's value as the PDF has it. */
  initial: Record<string, string>;
  /** Each field's value now. */
  values: Record<string, string>;
  flatten: boolean;
  /** The signature field whose certificate dialog is open. */
  signing: string | null;
}

const empty = (): FormState => ({ widgets: {}, initial: {}, values: {}, flatten: false, signing: null });

export const useForms = create<FormState>(empty);

export function resetForms(): void {
  useForms.setState(empty());
}

/** A page's widgets as they load; a page drawn again (scrolled back to) keeps the values typed since. */
export function loadPageWidgets(widgets: FormWidget[], values: Record<string, string>): void {
  useForms.setState((s) => {
    const known = Object.fromEntries(Object.entries(values).filter(([name]) => !(name in s.initial)));
    return {
      widgets: { ...s.widgets, ...Object.fromEntries(widgets.map((w) => [w.id, w])) },
      initial: { ...s.initial, ...known },
      values: { ...known, ...s.values },
    };
  });
}

export function setFieldValue(name: string, value: string): void {
  useForms.setState((s) => ({ values: { ...s.values, [name]: value } }));
}

/** What an export sends: the fields whose value changed, by name. */
export function formFills(state: Pick<FormState, 'initial' | 'values'>): FormFieldFill[] {
  return Object.entries(state.values)
    .filter(([name, value]) => state.initial[name] !== value)
    .map(([name, value]) => ({ name, value }));
}

/** pdf.js's widget data, the fields of it the editor reads. */
export interface WidgetData {
  id: string;
  fieldType?: string;
  fieldName?: string;
  fieldValue?: string | string[] | null;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  combo?: boolean;
  multiLine?: boolean;
  maxLen?: number | null;
  readOnly?: boolean;
  hidden?: boolean;
  exportValue?: string;
  buttonValue?: string;
  options?: { exportValue?: string; displayValue?: string }[];
}

/** The SPEC §3 kind of a pdf.js widget; undefined for what is not a form field. */
export function kindOfWidget(data: WidgetData): FormFieldKind | undefined {
  switch (data.fieldType) {
    case 'Tx': return 'text';
    case 'Sig': return 'signature';
    case 'Ch': return data.combo ? 'combo' : 'list';
    case 'Btn': return data.checkBox ? 'checkbox' : data.radioButton ? 'radio' : 'button';
    default: return undefined;
  }
}

/** A widget's field value as the server takes it back: a check box off is `Off`, a choice its first export value. */
export function valueOfWidget(data: WidgetData, kind: FormFieldKind): string {
  const raw = Array.isArray(data.fieldValue) ? (data.fieldValue[0] ?? '') : (data.fieldValue ?? '');
  if (kind === 'checkbox') return raw === data.exportValue ? raw : FIELD_OFF;
  if (kind === 'radio') return raw === '' ? FIELD_OFF : raw;
  return raw;
}
