/**
 * The editor's state (SPEC §3 editor state and tool-bar state): the annotations of the edit
 * pages with their undo and redo history, the active element, the selected annotate tool (it
 * starts at SELECT, and export resets it, SPEC §4), the highlight data, the shape and line
 * settings, the current and last annotate font, and the FIND mode's search.
 */
import { annotateFont, defaultAnnotateFont, type AnnotateFont, type EditorMode, type LineEnd, type TextEdit } from '@pagewright/contracts';
import { create } from 'zustand';
import type { EditorItem } from './geometry';

/**
 * The tool-bar's buttons. SPEC §3's HIGHLIGHT tool with its line styles is offered as
 * highlight, underline, squiggly and strike-out; its SHAPE tool as rectangle, circle and line; DRAW and
 * STICKER are the element kinds of ink and sticky notes; STAMP (SPEC §3's SIGN_IMAGE), IMAGE and
 * SIGN place stamps (stamps.tsx).
 */
export const annotateTools = ['SELECT', 'HIGHLIGHT', 'UNDERLINE', 'SQUIGGLY', 'STRIKEOUT', 'TEXT', 'RECTANGLE', 'CIRCLE', 'LINE', 'DRAW', 'STICKER', 'STAMP', 'IMAGE', 'SIGN'] as const;
export type AnnotateTool = (typeof annotateTools)[number];

/** Tools that mark the text the user selects rather than drawing on the page. */
export const markupTools: ReadonlySet<AnnotateTool> = new Set(['HIGHLIGHT', 'UNDERLINE', 'SQUIGGLY', 'STRIKEOUT']);

export interface FindState {
  query: string;
  /** Hits per page (1-based), in page order. */
  hits: { page: number; box: { x: number; y: number; w: number; h: number } }[];
  current: number;
  searching: boolean;
}

/** Edit mode's tools: select (and click a word to edit it), add a text block, add a picture. */
export const editTools = ['SELECT', 'TEXT', 'IMAGE'] as const satisfies readonly AnnotateTool[];

/** Edit mode's word replaced in place, while the user types it. */
export type WordEdit = TextEdit & { id: string };

export interface EditorState {
  mode: EditorMode;
  /** The mode the page opened in (`?t=`), which closing FIND returns to. */
  baseMode: EditorMode;
  /** CONTENT_EDIT: the words replaced so far, and the one being typed. */
  wordEdits: WordEdit[];
  editingWordId: string | null;
  tool: AnnotateTool;
  items: EditorItem[];
  past: EditorItem[][];
  future: EditorItem[][];
  /** The PDF's own annotations as loaded, by id: export rewrites only those changed or deleted. */
  originals: Record<string, EditorItem>;
  /** The active element: the selected annotation. */
  activeId: string | null;
  /** The free text or sticky note whose text is being typed. */
  editingId: string | null;
  /** Edit mode: the page's image under the pointer (it takes no pointer events, the text over it does). */
  hoverId: string | null;
  highlight: { fill: string; opacity: number };
  stroke: { color: string; width: number };
  lineEnds: { start: LineEnd; end: LineEnd };
  font: AnnotateFont;
  lastFont: AnnotateFont;
  scale: number;
  currentPage: number;
  find: FindState;
}

const LAST_FONT_KEY = 'pagewright.editor.lastAnnotateFont';

/** SPEC §3: the last annotate font is remembered (on this device, across documents). */
function storedLastFont(): AnnotateFont {
  try {
    const parsed = annotateFont.safeParse(JSON.parse(localStorage.getItem(LAST_FONT_KEY) ?? 'null'));
    return parsed.success ? parsed.data : defaultAnnotateFont;
  } catch {
    return defaultAnnotateFont;
  }
}

const initial = (): Omit<EditorState, 'scale'> => ({
  mode: 'ANNOTATE',
  baseMode: 'ANNOTATE',
  wordEdits: [],
  editingWordId: null,
  tool: 'SELECT',
  items: [],
  past: [],
  future: [],
  originals: {},
  activeId: null,
  editingId: null,
  hoverId: null,
  highlight: { fill: '#ffeb3b', opacity: 0.4 },
  stroke: { color: '#e53935', width: 2 },
  lineEnds: { start: 'NONE', end: 'ARROW' },
  font: storedLastFont(),
  lastFont: storedLastFont(),
  currentPage: 1,
  find: { query: '', hits: [], current: 0, searching: false },
});

export const useEditor = create<EditorState>(() => ({ ...initial(), scale: 1.25 }));

/** A fresh editor for a newly opened document; the zoom stays. */
export function resetEditor(mode: EditorMode): void {
  useEditor.setState({ ...initial(), mode, baseMode: mode });
}

/** Replaces the annotations as one undoable step. */
export function commit(items: EditorItem[]): void {
  useEditor.setState((s) => ({ items, past: [...s.past, s.items].slice(-200), future: [] }));
}

/**
 * Adds the PDF's own annotations of a page as they load: to the present and to every step of
 * the history, so that undo never takes away what the file already had.
 */
export function loadExistingItems(loaded: EditorItem[]): void {
  useEditor.setState((s) => ({
    items: [...loaded, ...s.items],
    past: s.past.map((step) => [...loaded, ...step]),
    future: s.future.map((step) => [...loaded, ...step]),
    originals: { ...s.originals, ...Object.fromEntries(loaded.map((i) => [i.id, i])) },
  }));
}

export function addItem(item: EditorItem): void {
  commit([...useEditor.getState().items, item]);
  useEditor.setState({ activeId: item.id });
}

export function updateItem(id: string, change: (item: EditorItem) => EditorItem): void {
  commit(useEditor.getState().items.map((item) => (item.id === id ? change(item) : item)));
}

export function deleteActive(): void {
  const { activeId, items } = useEditor.getState();
  if (activeId === null) return;
  commit(items.filter((item) => item.id !== activeId));
  useEditor.setState({ activeId: null, editingId: null });
}

export function undo(): void {
  useEditor.setState((s) => {
    const previous = s.past.at(-1);
    if (!previous) return s;
    return { items: previous, past: s.past.slice(0, -1), future: [s.items, ...s.future], activeId: null, editingId: null };
  });
}

export function redo(): void {
  useEditor.setState((s) => {
    const next = s.future[0];
    if (!next) return s;
    return { items: next, past: [...s.past, s.items], future: s.future.slice(1), activeId: null, editingId: null };
  });
}

export function setTool(tool: AnnotateTool): void {
  useEditor.setState({ tool, activeId: null, editingId: null });
}

/** A free text's font changes become the last annotate font, which the next note starts with. */
export function setFont(change: Partial<AnnotateFont>): void {
  const { activeId, items, font } = useEditor.getState();
  const next = { ...font, ...change };
  useEditor.setState({ font: next, lastFont: next });
  try {
    localStorage.setItem(LAST_FONT_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the font is remembered for this document only.
  }
  const active = items.find((i) => i.id === activeId);
  if (active?.kind === 'free text' || active?.kind === 'text block') updateItem(active.id, (i) => ({ ...i, font: next }) as EditorItem);
}

let counter = 0;
export function newId(): string {
  counter += 1;
  return `a${Date.now().toString(36)}${counter}`;
}
