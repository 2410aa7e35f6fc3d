import { describe, expect, it } from 'vitest';
import { addItem, deleteActive, loadExistingItems, resetEditor, undo, useEditor } from './editorStore';
import { contentOf, hasEdits, pageContentOf } from './exportContent';
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

describe('pageContentOf (edit mode\'s page content in an export)', () => {
  it('sends typed text blocks and new pictures, and the page\'s images moved (to their new box) or deleted (to null); untouched ones not at all', () => {
    const image = (id: string, use: number, x: number): EditorItem => ({ id, kind: 'page image', page: 1, use, box: { x, y: 10, w: 40, h: 30 }, rect: { x, y: 10, w: 40, h: 30 }, picture: null });
    const kept = image('i0', 0, 0);
    const moved = image('i1', 1, 100);
    const deleted = image('i2', 2, 200);
    const originals = { i0: kept, i1: moved, i2: deleted };
    const font = { family: 'Helvetica', size: 12, color: '#000000', bold: false, italic: false, line_style: 'none', alignment: 'left' } as const;
    const typed: EditorItem = { id: 't1', kind: 'text block', page: 2, rect: { x: 5, y: 5, w: 100, h: 20 }, text: 'New words', font };
    const empty: EditorItem = { ...typed, id: 't2', text: '  ' };
    const picture: EditorItem = { id: 'p1', kind: 'new image', page: 1, rect: { x: 1, y: 2, w: 3, h: 4 }, image: 'data:image/png;base64,AAAA' };
    const items = [kept, moveItem(moved, 10, 5), typed, empty, picture];
    expect(pageContentOf(items, originals)).toEqual({
      text_blocks: [{ page: 2, rect: typed.rect, text: 'New words', font }],
      images: [{ page: 1, rect: { x: 1, y: 2, w: 3, h: 4 }, image: 'data:image/png;base64,AAAA' }],
      image_edits: [
        { page: 1, use: 1, box: { x: 100, y: 10, w: 40, h: 30 }, to: { x: 110, y: 15, w: 40, h: 30 } },
        { page: 1, use: 2, box: { x: 200, y: 10, w: 40, h: 30 }, to: null },
      ],
    });
    // None of it is an annotation to write or remove.
    expect(contentOf(items, originals)).toEqual({ annotations: [], removed: [] });
  });
});

describe('a page image deleted and the deletion undone', () => {
  it('exports the deletion, and nothing once it is undone (the loaded image is the original again)', () => {
    resetEditor('CONTENT_EDIT');
    resetForms();
    const image: EditorItem = { id: 'img', kind: 'page image', page: 1, use: 0, box: { x: 1, y: 1, w: 10, h: 10 }, rect: { x: 1, y: 1, w: 10, h: 10 }, picture: null };
    loadExistingItems([image]);
    useEditor.setState({ activeId: 'img' });
    deleteActive();
    const content = () => pageContentOf(useEditor.getState().items, useEditor.getState().originals).image_edits;
    expect(content()).toEqual([{ page: 1, use: 0, box: image.box, to: null }]);
    undo();
    expect(content()).toEqual([]);
    expect(hasEdits()).toBe(false);
  });
});
