/**
 * One page of the editor: a box of the page's size while it is far from view; near the view,
 * the page drawn by pdf.js on a canvas, its text layer (for selecting text) and its
 * annotations. The markup tools turn a text selection on the page into a highlight, underline
 * or strike-out.
 */
import type { EditorBox } from '@pagewright/contracts';
import { memo, useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { AnnotationOverlay } from './AnnotationOverlay';
import { FormFields } from './forms/FormFields';
import classes from './editor.module.css';
import { addItem, markupTools, newId, useEditor } from './editorStore';
import { lineBoxes, type EditorItem } from './geometry';
import { loadExistingAnnotations } from './existing';
import { loadPageImages } from './pageImages';
import { AnnotationMode, TextLayer, type PDFDocumentProxy, type RenderTask } from './pdfjs';
import { useNearViewport } from './useNearViewport';
import { lineAt, startWordEdit, wordAt, WordEdits } from './WordEdits';

export interface PageSize {
  w: number;
  h: number;
}

/** How far outside the visible part pages are drawn ahead of the scroll. */
const RENDER_MARGIN = '1200px 0px';

const markupKind = { HIGHLIGHT: 'highlight', UNDERLINE: 'underline', SQUIGGLY: 'squiggly', STRIKEOUT: 'strike-out' } as const;

/**
 * Stretches each run of the text layer to the width the PDF gives it. pdf.js does so from a
 * canvas measurement, which in some Chromium builds ignores the font size it sets (runs came
 * out three times too wide and a selection ran off the page); the browser's own layout width
 * of the run is the reliable measure. Reads every width first, then writes, for one layout.
 */
function fitRuns(divs: HTMLElement[], widths: number[]): void {
  if (divs.length !== widths.length) return;
  const natural = divs.map((div) => div.offsetWidth);
  divs.forEach((div, i) => {
    if (natural[i]! > 0 && widths[i]! > 0) div.style.setProperty('--scale-x', String(widths[i]! / natural[i]!));
  });
}

export const PageView = memo(function PageView({ doc, page, size, scale, root, onSize }: {
  doc: PDFDocumentProxy;
  page: number;
  size: PageSize;
  scale: number;
  root: Element | null;
  onSize: (page: number, size: PageSize) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, root, RENDER_MARGIN);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    if (!near) {
      setRendered(false);
      return;
    }
    let cancelled = false;
    let task: RenderTask | null = null;
    let text: TextLayer | null = null;
    void (async () => {
      const proxy = await doc.getPage(page);
      await loadExistingAnnotations(doc, proxy, page);
      if (cancelled) return;
      const base = proxy.getViewport({ scale: 1 });
      onSize(page, { w: base.width, h: base.height });
      const viewport = proxy.getViewport({ scale });
      const canvas = canvasRef.current;
      const container = textRef.current;
      if (!canvas || !container) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      // ENABLE_STORAGE: the annotations the editor took over are marked noView there.
      task = proxy.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE_STORAGE, ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}) });
      await task.promise;
      if (cancelled) return;
      if (useEditor.getState().baseMode === 'CONTENT_EDIT') {
        await loadPageImages(doc, proxy, page, canvas, scale * ratio).catch(() => {
          // Images not read: the page's text stays editable, its images stay as they are.
        });
      }
      if (cancelled) return;
      container.replaceChildren();
      const content = await proxy.getTextContent();
      if (cancelled) return;
      text = new TextLayer({ textContentSource: content, container, viewport });
      await text.render();
      if (cancelled) return;
      fitRuns(text.textDivs, content.items.flatMap((item) => ('str' in item ? [item.width * scale] : [])));
      setRendered(true);
    })().catch(() => {
      // A render cancelled by scrolling away or zooming: the next effect draws the page again.
    });
    return () => {
      cancelled = true;
      task?.cancel();
      text?.cancel();
      setRendered(false);
    };
  }, [near, doc, page, scale, onSize]);

  /** A text selection let go of with a markup tool becomes one annotation per page, a box per line. */
  const markSelection = useCallback(() => {
    const { tool, highlight, stroke } = useEditor.getState();
    if (!markupTools.has(tool)) return;
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !ref.current) return;
    const pageRect = ref.current.getBoundingClientRect();
    const boxes: EditorBox[] = [];
    for (let i = 0; i < selection.rangeCount; i++) {
      for (const r of Array.from(selection.getRangeAt(i).getClientRects())) {
        const x0 = Math.max(r.left, pageRect.left);
        const y0 = Math.max(r.top, pageRect.top);
        const x1 = Math.min(r.right, pageRect.right);
        const y1 = Math.min(r.bottom, pageRect.bottom);
        if (x1 > x0 && y1 > y0) boxes.push({ x: (x0 - pageRect.left) / scale, y: (y0 - pageRect.top) / scale, w: (x1 - x0) / scale, h: (y1 - y0) / scale });
      }
    }
    const rects = lineBoxes(boxes);
    if (rects.length === 0) return;
    const kind = markupKind[tool as keyof typeof markupKind];
    addItem(kind === 'highlight'
      ? { id: newId(), kind, page, rects, color: highlight.fill, opacity: highlight.opacity }
      : { id: newId(), kind, page, rects, color: stroke.color, opacity: 1 });
    // Every page the selection crosses takes its part first.
    setTimeout(() => selection.removeAllRanges(), 0);
  }, [page, scale]);

  // The selection may end outside the page (past the end of a line): listen on the window.
  useEffect(() => {
    if (!near) return;
    window.addEventListener('pointerup', markSelection);
    return () => window.removeEventListener('pointerup', markSelection);
  }, [near, markSelection]);

  /** Edit mode: a click on a word of the text opens it for typing in place; Shift+click opens its line. */
  const editWord = (event: ReactMouseEvent) => {
    const { mode, tool } = useEditor.getState();
    if (mode !== 'CONTENT_EDIT' || tool !== 'SELECT' || !ref.current) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) return;
    const found = (event.shiftKey ? lineAt : wordAt)(event.clientX, event.clientY, ref.current.getBoundingClientRect(), scale);
    if (found) startWordEdit(page, found);
    // Off the text: the page's image there, if any, is selected (it moves and resizes from then on).
    else useEditor.setState({ activeId: imageAt(event)?.id ?? null, editingId: null });
  };

  /** Edit mode: the page's image under the pointer, the smallest when they overlap. */
  const imageAt = (event: ReactMouseEvent | ReactPointerEvent): EditorItem | undefined => {
    if (!ref.current) return undefined;
    const r = ref.current.getBoundingClientRect();
    const x = (event.clientX - r.left) / scale;
    const y = (event.clientY - r.top) / scale;
    return useEditor.getState().items
      .filter((i): i is Extract<EditorItem, { kind: 'page image' }> => i.kind === 'page image' && i.page === page)
      .filter(({ rect }) => x >= rect.x && x <= rect.x + rect.w && y >= rect.y && y <= rect.y + rect.h)
      .sort((a, b) => a.rect.w * a.rect.h - b.rect.w * b.rect.h)[0];
  };

  const hover = (event: ReactPointerEvent) => {
    const { mode, tool, hoverId } = useEditor.getState();
    if (mode !== 'CONTENT_EDIT' || tool !== 'SELECT') return;
    const id = imageAt(event)?.id ?? null;
    if (id !== hoverId) useEditor.setState({ hoverId: id });
  };

  const style = { width: size.w * scale, height: size.h * scale, '--total-scale-factor': scale } as CSSProperties;
  return (
    <div ref={ref} className={classes.page} style={style} data-page={page} data-rendered={rendered} onPointerMove={hover}>
      {near && (
        <>
          <canvas ref={canvasRef} className={classes.canvas} />
          <div ref={textRef} className={classes.textLayer} onClick={editWord} />
          <AnnotationOverlay page={page} width={size.w} height={size.h} scale={scale} />
          <FormFields doc={doc} page={page} scale={scale} />
          <WordEdits page={page} scale={scale} />
        </>
      )}
    </div>
  );
});
