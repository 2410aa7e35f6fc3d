/** The page thumbnails beside the pages: each drawn only near view; a click scrolls to its page. */
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './editor.module.css';
import { useEditor } from './editorStore';
import type { PageSize } from './PageView';
import type { PDFDocumentProxy, RenderTask } from './pdfjs';
import { useNearViewport } from './useNearViewport';

/** The thumbnails' width in CSS pixels. */
const THUMB_WIDTH = 120;

export function Thumbnails({ doc, sizes, fallback, onOpen }: {
  doc: PDFDocumentProxy;
  sizes: Map<number, PageSize>;
  fallback: PageSize;
  onOpen: (page: number) => void;
}) {
  const { t } = useTranslation();
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const current = useEditor((s) => s.currentPage);
  return (
    <nav ref={setRoot} className={classes.thumbnails} aria-label={t('editor.thumbnails')} data-testid="editor-thumbnails">
      {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((page) => (
        <Thumbnail key={page} doc={doc} page={page} size={sizes.get(page) ?? fallback} root={root} current={page === current} onOpen={onOpen} />
      ))}
    </nav>
  );
}

const Thumbnail = memo(function Thumbnail({ doc, page, size, root, current, onOpen }: {
  doc: PDFDocumentProxy; page: number; size: PageSize; root: Element | null; current: boolean; onOpen: (page: number) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(ref, root, '400px 0px');
  const [drawn, setDrawn] = useState(false);
  const scale = THUMB_WIDTH / size.w;

  useEffect(() => {
    if (!near) {
      setDrawn(false);
      return;
    }
    let task: RenderTask | null = null;
    let cancelled = false;
    void (async () => {
      const proxy = await doc.getPage(page);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const viewport = proxy.getViewport({ scale: THUMB_WIDTH / proxy.getViewport({ scale: 1 }).width });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = proxy.render({ canvas, viewport });
      await task.promise;
      if (!cancelled) setDrawn(true);
    })().catch(() => {
      // Cancelled by scrolling away: drawn again when it comes back.
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, doc, page]);

  return (
    <button
      ref={ref} type="button" className={classes.thumb} data-current={current} data-thumbnail={page} data-drawn={drawn}
      aria-label={t('editor.goToPage', { page })} aria-current={current ? 'page' : undefined} onClick={() => onOpen(page)}
    >
      {/* Far from view the canvas goes, and its pixels with it: 500 drawn thumbnails would hold tens of megabytes. */}
      {near
        ? <canvas ref={canvasRef} className={classes.thumbCanvas} style={{ height: size.h * scale }} />
        : <div className={classes.thumbCanvas} style={{ height: size.h * scale }} />}
      {page}
    </button>
  );
});
