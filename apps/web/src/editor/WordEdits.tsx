/**
 * Edit mode (CONTENT_EDIT) on one page: a click on a word of the text layer opens it for
 * typing in place, a Shift+click the whole line; the replaced words are shown over the page until the export writes them
 * into the PDF (the server replaces the word at the same baseline, size and colour).
 */
import type { EditorBox } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId, useEditor, type WordEdit } from './editorStore';

/** The word under a click in the text layer, with its box in page points; null off a word. */
export function wordAt(clientX: number, clientY: number, pageRect: DOMRect, scale: number): { word: string; box: EditorBox } | null {
  const caret = document.caretRangeFromPoint?.(clientX, clientY);
  const node = caret?.startContainer;
  if (!caret || !node || node.nodeType !== Node.TEXT_NODE) return null;
  const text = node.textContent ?? '';
  let start = caret.startOffset;
  let end = caret.startOffset;
  while (start > 0 && /\S/.test(text[start - 1]!)) start--;
  while (end < text.length && /\S/.test(text[end]!)) end++;
  if (start === end) return null;
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const r = range.getBoundingClientRect();
  return {
    word: text.slice(start, end),
    box: { x: (r.left - pageRect.left) / scale, y: (r.top - pageRect.top) / scale, w: r.width / scale, h: r.height / scale },
  };
}

/**
 * The line under a click (the text layer's run of text, a line or a part of one), with its box
 * in page points; null off the text. Replacing it makes the server reflow its paragraph.
 */
export function lineAt(clientX: number, clientY: number, pageRect: DOMRect, scale: number): { word: string; box: EditorBox } | null {
  const node = document.caretRangeFromPoint?.(clientX, clientY)?.startContainer;
  const run = node?.nodeType === Node.TEXT_NODE ? node.parentElement : null;
  const text = run?.textContent?.trim() ?? '';
  if (!run || text === '') return null;
  const r = run.getBoundingClientRect();
  return { word: text, box: { x: (r.left - pageRect.left) / scale, y: (r.top - pageRect.top) / scale, w: r.width / scale, h: r.height / scale } };
}

/** Opens the clicked word for editing (or the edit already made to it). */
export function startWordEdit(page: number, found: { word: string; box: EditorBox }): void {
  const { wordEdits } = useEditor.getState();
  const same = wordEdits.find((e) => e.page === page && Math.abs(e.box.x - found.box.x) < 1 && Math.abs(e.box.y - found.box.y) < 1);
  if (same) {
    useEditor.setState({ editingWordId: same.id });
    return;
  }
  const edit: WordEdit = { id: newId(), page, box: found.box, find: found.word, replace: found.word };
  useEditor.setState({ wordEdits: [...wordEdits, edit], editingWordId: edit.id });
}

export function WordEdits({ page, scale }: { page: number; scale: number }) {
  const edits = useEditor((s) => s.wordEdits);
  const editingId = useEditor((s) => s.editingWordId);
  return (
    <>
      {edits.filter((e) => e.page === page).map((edit) => (
        edit.id === editingId
          ? <WordInput key={edit.id} edit={edit} scale={scale} />
          : edit.replace !== edit.find && (
            <div
              key={edit.id}
              data-word-edit={edit.replace}
              style={{
                position: 'absolute', left: edit.box.x * scale, top: edit.box.y * scale, minWidth: edit.box.w * scale, height: edit.box.h * scale,
                background: 'white', fontSize: edit.box.h * scale * 0.8, lineHeight: `${edit.box.h * scale}px`, whiteSpace: 'pre',
                fontFamily: 'Helvetica, Arial, sans-serif', pointerEvents: 'none', outline: '1px dashed #228be6',
              }}
            >
              {edit.replace}
            </div>
          )
      ))}
    </>
  );
}

function WordInput({ edit, scale }: { edit: WordEdit; scale: number }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(edit.replace);
  const finish = (keep: boolean) => {
    useEditor.setState((s) => ({
      editingWordId: null,
      wordEdits: s.wordEdits.flatMap((e) => (e.id !== edit.id ? [e] : keep && value.trim() !== '' && value !== e.find ? [{ ...e, replace: value }] : [])),
    }));
  };
  return (
    <input
      aria-label={t('editor.wordLabel')}
      data-testid="word-input"
      autoFocus
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish(true);
        if (e.key === 'Escape') finish(false);
      }}
      onPointerDown={(e) => e.stopPropagation()}
      style={{
        position: 'absolute', left: edit.box.x * scale, top: edit.box.y * scale, width: Math.max(edit.box.w * scale * 1.5, 60), height: edit.box.h * scale,
        fontSize: edit.box.h * scale * 0.8, padding: 0, border: '1px solid #228be6', background: 'white', zIndex: 3,
      }}
    />
  );
}
