import { beforeEach, describe, expect, it } from 'vitest';
import { formFills, kindOfWidget, loadPageWidgets, resetForms, setFieldValue, useForms, valueOfWidget, type FormWidget } from './formStore';

const widget = (id: string, name: string): FormWidget => ({
  id, name, kind: 'text', page: 1, box: { x: 0, y: 0, w: 10, h: 10 }, readOnly: false, multiLine: false, options: [], onValue: '', maxLength: 0,
});

describe('form store', () => {
  beforeEach(() => resetForms());

  it('sends only the fields whose value changed since the PDF loaded', () => {
    loadPageWidgets([widget('1R', 'name'), widget('2R', 'city')], { name: 'Ada', city: 'Paris' });
    setFieldValue('name', 'Grace');
    expect(formFills(useForms.getState())).toEqual([{ name: 'name', value: 'Grace' }]);
    setFieldValue('name', 'Ada');
    expect(formFills(useForms.getState())).toEqual([]);
  });

  it('keeps the values typed on a page when the page loads again', () => {
    loadPageWidgets([widget('1R', 'name')], { name: 'Ada' });
    setFieldValue('name', 'Grace');
    loadPageWidgets([widget('1R', 'name')], { name: 'Ada' });
    expect(useForms.getState().values.name).toBe('Grace');
  });

  it("reads pdf.js's widgets as the SPEC kinds, a check box that is off as Off", () => {
    expect(kindOfWidget({ id: 'a', fieldType: 'Btn', checkBox: true })).toBe('checkbox');
    expect(kindOfWidget({ id: 'a', fieldType: 'Btn', radioButton: true })).toBe('radio');
    expect(kindOfWidget({ id: 'a', fieldType: 'Btn', pushButton: true })).toBe('button');
    expect(kindOfWidget({ id: 'a', fieldType: 'Ch', combo: true })).toBe('combo');
    expect(kindOfWidget({ id: 'a', fieldType: 'Ch' })).toBe('list');
    expect(kindOfWidget({ id: 'a', fieldType: 'Sig' })).toBe('signature');
    expect(kindOfWidget({ id: 'a', fieldType: 'Tx' })).toBe('text');
    expect(valueOfWidget({ id: 'a', fieldValue: 'Off', exportValue: 'Yes' }, 'checkbox')).toBe('Off');
    expect(valueOfWidget({ id: 'a', fieldValue: 'Yes', exportValue: 'Yes' }, 'checkbox')).toBe('Yes');
    expect(valueOfWidget({ id: 'a', fieldValue: ['de'] }, 'combo')).toBe('de');
  });
});
