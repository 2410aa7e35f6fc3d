/**
 * The form fields of one page, over the page pdf.js drew (SPEC §3 form fields 1-7): text boxes,
 * check boxes, radio buttons, combo and list boxes filled in place, push buttons shown, and
 * signature fields that open the certificate dialog. Each control covers its widget's drawn
 * appearance, so what shows is the value being filled in.
 */
import { FIELD_OFF } from '@pagewright/contracts';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from '../pdfjs';
import classes from './forms.module.css';
import { kindOfWidget, loadPageWidgets, setFieldValue, useForms, valueOfWidget, type FormWidget, type WidgetData } from './formStore';

/** pdf.js's annotation type of a widget. */
const WIDGET = 20;

async function readPageWidgets(doc: PDFDocumentProxy, page: number): Promise<{ widgets: FormWidget[]; values: Record<string, string> }> {
  const proxy = await doc.getPage(page);
  const viewport = proxy.getViewport({ scale: 1 });
  const annotations = (await proxy.getAnnotations({ intent: 'display' })) as (WidgetData & { annotationType: number; rect: number[] })[];
  const widgets: FormWidget[] = [];
  const values: Record<string, string> = {};
  for (const data of annotations) {
    if (data.annotationType !== WIDGET || data.hidden || !data.fieldName) continue;
    const kind = kindOfWidget(data);
    if (!kind) continue;
    const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(data.rect);
    widgets.push({
      id: data.id, name: data.fieldName, kind, page,
      box: { x: Math.min(x0!, x1!), y: Math.min(y0!, y1!), w: Math.abs(x1! - x0!), h: Math.abs(y1! - y0!) },
      readOnly: Boolean(data.readOnly), multiLine: Boolean(data.multiLine),
      options: (data.options ?? []).map((o) => ({ value: o.exportValue ?? o.displayValue ?? '', label: o.displayValue ?? o.exportValue ?? '' })),
      onValue: kind === 'checkbox' ? (data.exportValue ?? 'Yes') : kind === 'radio' ? (data.buttonValue ?? '') : '',
      maxLength: data.maxLen && data.maxLen > 0 ? data.maxLen : 0,
    });
    if (kind !== 'button' && kind !== 'signature' && !(data.fieldName in values)) values[data.fieldName] = valueOfWidget(data, kind);
    // Every button of a radio group says which one is on; the first that is wins.
    if (kind === 'radio' && valueOfWidget(data, kind) !== FIELD_OFF) values[data.fieldName] = valueOfWidget(data, kind);
  }
  return { widgets, values };
}

function FormControl({ widget, scale }: { widget: FormWidget; scale: number }) {
  const { t } = useTranslation();
  const value = useForms((s) => s.values[widget.name] ?? '');
  const { box } = widget;
  const style = {
    left: box.x * scale, top: box.y * scale, width: box.w * scale, height: box.h * scale,
    fontSize: Math.max(6, Math.min(box.h * 0.65, 12)) * scale,
  } as CSSProperties;
  const common = { 'aria-label': widget.name, 'data-field-name': widget.name, disabled: widget.readOnly };
  const text = { ...common, ...(widget.maxLength > 0 ? { maxLength: widget.maxLength } : {}) };
  switch (widget.kind) {
    case 'text':
      return widget.multiLine
        ? <textarea {...text} className={classes.field} style={style} value={value} onChange={(e) => setFieldValue(widget.name, e.target.value)} />
        : <input {...text} type="text" className={classes.field} style={style} value={value} onChange={(e) => setFieldValue(widget.name, e.target.value)} />;
    case 'checkbox':
      return (
        <label className={classes.box} style={style}>
          <input {...common} type="checkbox" checked={value === widget.onValue}
            onChange={(e) => setFieldValue(widget.name, e.target.checked ? widget.onValue : FIELD_OFF)} />
        </label>
      );
    case 'radio':
      return (
        <label className={classes.box} style={style}>
          <input {...common} aria-label={`${widget.name}: ${widget.onValue}`} type="radio" name={`form:${widget.name}`} value={widget.onValue}
            checked={value === widget.onValue} onChange={() => setFieldValue(widget.name, widget.onValue)} />
        </label>
      );
    case 'combo':
    case 'list':
      return (
        <select {...common} className={classes.field} style={style} value={value} size={widget.kind === 'list' ? Math.max(2, widget.options.length) : undefined}
          onChange={(e) => setFieldValue(widget.name, e.target.value)}>
          {widget.kind === 'combo' && !widget.options.some((o) => o.value === value) && <option value={value}>{value}</option>}
          {widget.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      );
    case 'signature':
      return (
        <button {...common} aria-label={`${t('editor.forms.sign')}: ${widget.name}`} type="button" className={classes.signature} style={style} onClick={() => useForms.setState({ signing: widget.name })}>
          {t('editor.forms.sign')}
        </button>
      );
    case 'button':
      // A push button runs the form's script, which the editor never runs: shown, not pressed.
      return <span className={classes.pushButton} style={style} data-field-name={widget.name} aria-hidden="true" />;
  }
}

export function FormFields({ doc, page, scale }: { doc: PDFDocumentProxy; page: number; scale: number }) {
  const widgets = useForms((s) => s.widgets);
  useEffect(() => {
    let cancelled = false;
    void readPageWidgets(doc, page).then(({ widgets: loaded, values }) => {
      if (!cancelled && loaded.length > 0) loadPageWidgets(loaded, values);
    }, () => {
      // A page that cannot be read has no fields to show; pdf.js already failed to draw it.
    });
    return () => {
      cancelled = true;
    };
  }, [doc, page]);
  const onPage = Object.values(widgets).filter((w) => w.page === page);
  if (onPage.length === 0) return null;
  return (
    <div className={classes.layer} data-testid={`form-fields-${page}`}>
      {onPage.map((w) => <FormControl key={w.id} widget={w} scale={scale} />)}
    </div>
  );
}
