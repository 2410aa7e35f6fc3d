/**
 * The PDF editor (SPEC §2 /app/pdf-editor, §3, §4): pdf.js draws the document in the browser,
 * page by page as they come near the view; the tool bar annotates it; the top bar's export
 * button sends the annotations to the server, which writes them into the PDF.
 */
import type { EditorMode } from '@pagewright/contracts';
import { Alert, Loader, Stack } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorExport } from '../shell/editorExport';
import { showErrorToast } from '../toasts/errorToast';
import { EditorToolbar } from './EditorToolbar';
import classes from './editor.module.css';
import { deleteActive, redo, resetEditor, undo, useEditor } from './editorStore';
import { exportDocument, shareDocument } from './exportContent';
import { findInDocument } from './find';
import { FormBar } from './forms/FormBar';
import { resetForms } from './forms/formStore';
import { PageView, type PageSize } from './PageView';
import { readPageSizes } from './pageSizes';
import { openPdf, type PDFDocumentProxy } from './pdfjs';
import { Thumbnails } from './Thumbnails';

export interface EditorDocument {
  fileId: string;
  name: string;
  password?: string | undefined;
  /** The PDF's bytes: the file opened on this device, or the stored one (document/source). */
  load: () => Promise<Uint8Array>;
}

/** The gap between pages, in CSS pixels, as editor.module.css lays them out. */
const PAGE_GAP = 16;

export default function PdfEditor({ document: source, mode }: { document: EditorDocument; mode: EditorMode }) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [sizes, setSizes] = useState<Map<number, PageSize>>(new Map());
  const [fallback, setFallback] = useState<PageSize>({ w: 612, h: 792 });
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [exporting, setExporting] = useState<number | null>(null);
  const scale = useEditor((s) => s.scale);
  const findAbort = useRef<AbortController | null>(null);

  useEffect(() => {
    resetEditor(mode);
    resetForms();
    let opened: PDFDocumentProxy | null = null;
    let cancelled = false;
    const sizing = new AbortController();
    void (async () => {
      try {
        const bytes = await source.load();
        opened = await openPdf(bytes, source.password);
        if (cancelled) {
          void opened.destroy();
          return;
        }
        const first = (await opened.getPage(1)).getViewport({ scale: 1 });
        setFallback({ w: first.width, h: first.height });
        setSizes(new Map());
        setDoc(opened);
        void readPageSizes(opened, (batch) => setSizes((known) => new Map([...known, ...batch])), sizing.signal).catch(() => {
          // A document closed while its sizes were read: nothing to lay out any more.
        });
      } catch (error) {
        if (!cancelled) {
          setFailed(true);
          showErrorToast(error);
        }
      }
    })();
    return () => {
      cancelled = true;
      sizing.abort();
      void opened?.destroy();
    };
  }, [source, mode]);

  const onSize = useCallback((page: number, size: PageSize) => {
    setSizes((known) => {
      const was = known.get(page);
      if (was && was.w === size.w && was.h === size.h) return known;
      return new Map(known).set(page, size);
    });
  }, []);

  const sizeOf = useCallback((page: number) => sizes.get(page) ?? fallback, [sizes, fallback]);

  /** The top of a page inside the scrolling pages, from the sizes known so far. */
  const topOf = useCallback((page: number) => {
    let top = PAGE_GAP;
    for (let p = 1; p < page; p++) top += sizeOf(p).h * scale + PAGE_GAP;
    return top;
  }, [sizeOf, scale]);

  const openPage = useCallback((page: number) => {
    root?.scrollTo({ top: topOf(page) - PAGE_GAP });
    useEditor.setState({ currentPage: page });
  }, [root, topOf]);

  const onScroll = () => {
    if (!root || !doc) return;
    const middle = root.scrollTop + root.clientHeight / 3;
    let top = PAGE_GAP;
    for (let p = 1; p <= doc.numPages; p++) {
      top += sizeOf(p).h * scale + PAGE_GAP;
      if (top > middle) {
        if (useEditor.getState().currentPage !== p) useEditor.setState({ currentPage: p });
        return;
      }
    }
  };

  const run = useCallback(async (action: typeof exportDocument) => {
    setExporting(0);
    try {
      await action(source.fileId, source.password, source.name, setExporting);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(null);
    }
  }, [source]);
  const runExport = useCallback(() => run(exportDocument), [run]);
  const onShare = useCallback(() => void run(shareDocument), [run]);

  useEffect(() => {
    useEditorExport.setState({ exportFile: doc ? () => void runExport() : null });
    return () => useEditorExport.setState({ exportFile: null });
  }, [doc, runExport]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        redo();
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        deleteActive();
      } else if (mod && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        useEditor.setState({ mode: 'FIND' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const showHit = useCallback((index: number) => {
    const hit = useEditor.getState().find.hits[index];
    if (!hit || !root) return;
    useEditor.setState((s) => ({ find: { ...s.find, current: index }, currentPage: hit.page }));
    root.scrollTo({ top: Math.max(0, topOf(hit.page) + hit.box.y * scale - root.clientHeight / 3) });
  }, [root, topOf, scale]);

  const onFind = useCallback(async (query: string) => {
    if (!doc) return;
    findAbort.current?.abort();
    const abort = new AbortController();
    findAbort.current = abort;
    useEditor.setState({ find: { query, hits: [], current: 0, searching: true } });
    const hits = await findInDocument(doc, query, abort.signal);
    if (abort.signal.aborted) return;
    useEditor.setState({ find: { query, hits, current: 0, searching: false } });
    showHit(0);
  }, [doc, showHit]);

  const onFindStep = (step: 1 | -1) => {
    const { hits, current } = useEditor.getState().find;
    if (hits.length > 0) showHit((current + step + hits.length) % hits.length);
  };

  if (failed) return <Alert color="red" variant="light" role="alert">{t('editor.openFailed')}</Alert>;
  if (!doc) return <Stack align="center" py="xl"><Loader /></Stack>;
  return (
    <div className={classes.shell} data-testid="pdf-editor" data-pages={doc.numPages}>
      <EditorToolbar exporting={exporting} onFind={(q) => void onFind(q)} onFindStep={onFindStep} onShare={onShare} />
      <FormBar source={source} />
      <div className={classes.body}>
        <Thumbnails doc={doc} sizes={sizes} fallback={fallback} onOpen={openPage} />
        <div
          ref={setRoot} className={classes.pages} onScroll={onScroll} data-testid="editor-pages"
          // Focusable, so that the pages scroll from the keyboard.
          tabIndex={0} role="region" aria-label={t('editor.pagesRegion')}
        >
          {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((page) => (
            <PageView key={page} doc={doc} page={page} size={sizeOf(page)} scale={scale} root={root} onSize={onSize} />
          ))}
        </div>
      </div>
    </div>
  );
}
