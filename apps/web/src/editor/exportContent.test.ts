import { describe, expect, it } from 'vitest';
import { addItem, resetEditor } from './editorStore';
import { contentOf, hasEdits } from './exportContent';
import { loadPageWidgets, resetForms, setFieldValue } from './forms/formStore';
import { moveItem, type EditorItem } from './geometry';

const own = (id: string, x: number): EditorItem => ({ id, origin: Number(id.slice(4)), kind: 'square', page: 1, color: '#0000ff', opacity: 1, width: 1, rect: { x, y: 10, w: 20, h: 20 } });

describe('contentOf (what an export carries)', () => {
  it('sends new annotations, rewrites changed ones of the PDF, removes deleted ones and leaves unchanged ones alone', () => {
    const kept = own('pdf-11', 0);
    const moved = own('pdf-12', 50);
    const deleted = own('pdf-13', 100);
    const originals = { [kept.id]: kept, [moved.id]: moved, [deleted.id]: deleted };
    const added: EditorItem = { id: 'a1', kind: 'comment', page: 2, color: '#ffcc00', opacity: 1, at: [5, 5], text: 'new' };
    const { annotations, removed } = contentOf([kept, moveItem(moved, 10, 0), added], originals);
    expect(annotations).toEqual([
      { kind: 'square', page: 1, color: '#0000ff', opacity: 1, width: 1, rect: { x: 60, y: 10, w: 20, h: 20 } },
      { kind: 'comment', page: 2, color: '#ffcc00', opacity: 1, at: [5, 5], text: 'new' },
    ]);
    expect(removed).toEqual([{ page: 1, ref: 12 }, { page: 1, ref: 13 }]);
  });
});

describe('hasEdits (whether signing first uploads the edited document)', () => {
  it('is false for a document as loaded and true once a form value or an annotation changes', () => {
    resetEditor('ANNOTATE');
    resetForms();
    loadPageWidgets([{ id: '1R', name: 'name', kind: 'text', page: 1, box: { x: 0, y: 0, w: 10, h: 10 }, readOnly: false, multiLine: false, options: [], onValue: '', maxLength: 0 }], { name: 'Ada' });
    expect(hasEdits()).toBe(false);
    setFieldValue('name', 'Grace');
    expect(hasEdits()).toBe(true);
    setFieldValue('name', 'Ada');
    addItem({ id: 'a2', kind: 'comment', page: 1, color: '#ffcc00', opacity: 1, at: [5, 5], text: 'note' });
    expect(hasEdits()).toBe(true);
  });
});
