/**
 * One page's annotations over the rendered page: drawn in page points (an SVG whose view box is
 * the page), with a box per annotation that selects, moves and resizes it in SELECT mode, and
 * the pointer handling of the drawing tools. A drag changes a preview; letting go commits one
 * undoable step.
 */
import type { AnnotateFont, EditorBox, EditorPoint, LineEnd } from '@pagewright/contracts';
import { IconMessage } from '@tabler/icons-react';
import { useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './editor.module.css';
import { addItem, commit, newId, useEditor, type AnnotateTool } from './editorStore';
import { boundsOf, moveItem, NOTE_SIZE, resizeItem, type EditorElement, type EditorItem } from './geometry';
import { showToast } from '../toasts/toastStore';
import { placeStamp, stampTools, StampShape, useStampTool } from './stamps';

interface Draft {
  tool: AnnotateTool;
  from: EditorPoint;
  to: EditorPoint;
  points: EditorPoint[];
}

interface Drag {
  id: string;
  kind: 'move' | 'resize';
  start: EditorPoint;
  dx: number;
  dy: number;
}

const drawingTools: ReadonlySet<AnnotateTool> = new Set(['TEXT', 'RECTANGLE', 'CIRCLE', 'LINE', 'DRAW', 'STICKER', ...stampTools]);
/** A picture placed in edit mode starts this wide, in points. */
const NEW_IMAGE_WIDTH = 200;
/** A shape drawn by a click rather than a drag gets this size, in points. */
const CLICK_SHAPE = { w: 100, h: 60 };

export function AnnotationOverlay({ page, width, height, scale }: { page: number; width: number; height: number; scale: number }) {
  const { t } = useTranslation();
  const tool = useEditor((s) => s.tool);
  const all = useEditor((s) => s.items);
  const activeId = useEditor((s) => s.activeId);
  const editingId = useEditor((s) => s.editingId);
  const hoverId = useEditor((s) => s.hoverId);
  const originals = useEditor((s) => s.originals);
  const editMode = useEditor((s) => s.baseMode === 'CONTENT_EDIT');
  const hits = useEditor((s) => s.find.hits);
  const currentHit = useEditor((s) => s.find.current);
  const ref = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const items = all.filter((i) => i.page === page);
  const drawing = drawingTools.has(tool);

  const toPoint = (event: ReactPointerEvent): EditorPoint => {
    const rect = ref.current!.getBoundingClientRect();
    return [(event.clientX - rect.left) / scale, (event.clientY - rect.top) / scale];
  };

  const startDraw = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drawing || event.button !== 0) return;
    event.preventDefault();
    const p = toPoint(event);
    const state = useEditor.getState();
    if (editMode && tool === 'TEXT') {
      // Edit mode: a text block of the page's content, typed in place.
      const id = newId();
      addItem({ id, kind: 'text block', page, rect: { x: p[0], y: p[1], w: 220, h: state.lastFont.size * 1.2 * 2 + 4 }, text: '', font: state.lastFont });
      useEditor.setState({ editingId: id, font: state.lastFont });
      return;
    }
    if (editMode && tool === 'IMAGE') {
      const { picture } = useStampTool.getState();
      if (!picture) {
        showToast(t('editor.stamp.imageFirst'));
        return;
      }
      addItem({ id: newId(), kind: 'new image', page, rect: { x: p[0], y: p[1], w: NEW_IMAGE_WIDTH, h: NEW_IMAGE_WIDTH / picture.aspect }, image: picture.image });
      return;
    }
    if (tool === 'TEXT') {
      const size = state.font.size;
      const id = newId();
      addItem({ id, kind: 'free text', page, color: state.font.color, opacity: 1, rect: { x: p[0], y: p[1], w: 180, h: size * 1.2 * 2 + 4 }, text: '', font: state.lastFont });
      useEditor.setState({ editingId: id, font: state.lastFont });
      return;
    }
    if (stampTools.has(tool)) {
      placeStamp(tool, page, p, t(tool === 'IMAGE' ? 'editor.stamp.imageFirst' : 'editor.stamp.signatureFirst'));
      return;
    }
    if (tool === 'STICKER') {
      const id = newId();
      addItem({ id, kind: 'comment', page, color: '#fbc02d', opacity: 1, at: [p[0], p[1]], text: '' });
      useEditor.setState({ editingId: id });
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    setDraft({ tool, from: p, to: p, points: [p] });
  };

  const moveDraw = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!draft) return;
    const p = toPoint(event);
    setDraft({ ...draft, to: p, points: draft.tool === 'DRAW' ? [...draft.points, p] : draft.points });
  };

  const endDraw = () => {
    if (!draft) return;
    setDraft(null);
    const item = itemOfDraft(draft, page);
    if (item) addItem(item);
  };

  const startDrag = (event: ReactPointerEvent, item: EditorItem, kind: Drag['kind']) => {
    if (tool !== 'SELECT' || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    useEditor.setState({ activeId: item.id, editingId: editingId === item.id ? item.id : null });
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    setDrag({ id: item.id, kind, start: toPoint(event), dx: 0, dy: 0 });
  };
  const moveDrag = (event: ReactPointerEvent) => {
    if (!drag) return;
    const [x, y] = toPoint(event);
    setDrag({ ...drag, dx: x - drag.start[0], dy: y - drag.start[1] });
  };
  const endDrag = () => {
    if (!drag) return;
    setDrag(null);
    if (Math.abs(drag.dx) < 0.5 && Math.abs(drag.dy) < 0.5) return;
    commit(useEditor.getState().items.map((i) => (i.id === drag.id ? dragged(i, drag) : i)));
  };

  const shown = items.map((i) => (drag && drag.id === i.id ? dragged(i, drag) : i));
  const draftItem = draft ? itemOfDraft(draft, page) : null;
  const pageHits = hits.map((h, index) => ({ ...h, index })).filter((h) => h.page === page);

  return (
    <div
      ref={ref}
      className={classes.overlay}
      data-drawing={drawing}
      onPointerDown={startDraw}
      onPointerMove={(e) => { moveDraw(e); moveDrag(e); }}
      onPointerUp={() => { endDraw(); endDrag(); }}
    >
      <svg className={classes.svg} width={width * scale} height={height * scale} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
        {pageHits.map((h) => (
          <rect
            key={`hit-${h.index}`} data-find-hit={h.index === currentHit ? 'current' : 'other'}
            x={h.box.x} y={h.box.y} width={h.box.w} height={h.box.h}
            fill={h.index === currentHit ? '#ff9800' : '#ffeb3b'} opacity={0.45}
          />
        ))}
        {Object.values(originals).filter((o) => o.kind === 'page image' && o.page === page && shown.find((i) => i.id === o.id) !== o).map((o) => {
          // The canvas still shows a moved or deleted image where it was: covered until the export takes it out.
          const { box } = o as Extract<EditorItem, { kind: 'page image' }>;
          // A point over each side: the canvas smooths the picture's edges into the pixels next to it.
          return <rect key={`cover-${o.id}`} data-image-removed={o.id} x={box.x - 1} y={box.y - 1} width={box.w + 2} height={box.h + 2} fill="white" />;
        })}
        {shown.map((item) => <Shape key={item.id} item={item} />)}
        {draftItem && <Shape item={draftItem} />}
      </svg>
      {shown.map((item) => {
        const box = boundsOf(item);
        const active = item.id === activeId;
        const style: CSSProperties = { left: box.x * scale, top: box.y * scale, width: box.w * scale, height: box.h * scale };
        const resizable = item.kind !== 'comment' && item.kind !== 'highlight' && item.kind !== 'underline' && item.kind !== 'squiggly' && item.kind !== 'strike-out';
        // The page's own images let the pointer through to the text over them until one is selected (a click off the text, PageView).
        const grabbable = tool === 'SELECT' && (item.kind !== 'page image' || active);
        const idle = item.kind === 'free text' || item.kind === 'text block' || item.kind === 'new image' || item.kind === 'page image';
        return (
          <div
            key={item.id}
            className={`${classes.hoverable}`}
            data-annotation={item.kind}
            data-active={active}
            style={{ position: 'absolute', ...style, pointerEvents: grabbable ? 'auto' : 'none', cursor: 'move' }}
            onPointerDown={(e) => startDrag(e, item, 'move')}
            onDoubleClick={() => { if (item.kind === 'free text' || item.kind === 'comment' || item.kind === 'text block') useEditor.setState({ activeId: item.id, editingId: item.id }); }}
          >
            {(item.kind === 'free text' || item.kind === 'text block') && <FreeTextBody item={item} scale={scale} editing={editingId === item.id} />}
            {item.kind === 'comment' && (
              <div className={classes.note} style={{ inset: 0, background: item.color }} title={item.text}>
                <IconMessage size={NOTE_SIZE * scale * 0.7} aria-label={t('editor.tools.STICKER')} />
              </div>
            )}
            {item.kind === 'comment' && editingId === item.id && <NoteEditor item={item} scale={scale} />}
            <div className={classes.frame} data-active={active} data-hover={hoverId === item.id} data-idle={idle ? 'dashed' : 'none'} style={{ inset: 0 }} />
            {active && resizable && tool === 'SELECT' && (
              <div
                className={classes.handle}
                data-testid="resize-handle"
                style={{ right: -6, bottom: -6 }}
                onPointerDown={(e) => startDrag(e, item, 'resize')}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

function dragged(item: EditorItem, drag: Drag): EditorItem {
  return drag.kind === 'move' ? moveItem(item, drag.dx, drag.dy) : resizeItem(item, drag.dx, drag.dy);
}

/** The annotation a drag of a drawing tool makes; null when the drag drew nothing. */
function itemOfDraft(draft: Draft, page: number): EditorItem | null {
  const { stroke, lineEnds } = useEditor.getState();
  const [x0, y0] = draft.from;
  const [x1, y1] = draft.to;
  const common = { id: newId(), page, color: stroke.color, opacity: 1 };
  const clicked = Math.abs(x1 - x0) < 3 && Math.abs(y1 - y0) < 3;
  if (draft.tool === 'RECTANGLE' || draft.tool === 'CIRCLE') {
    const rect = clicked
      ? { x: x0, y: y0, ...CLICK_SHAPE }
      : { x: Math.min(x0, x1), y: Math.min(y0, y1), w: Math.abs(x1 - x0), h: Math.abs(y1 - y0) };
    return { ...common, kind: draft.tool === 'RECTANGLE' ? 'square' : 'circle', rect, width: stroke.width };
  }
  if (draft.tool === 'LINE') {
    const to: EditorPoint = clicked ? [x0 + CLICK_SHAPE.w, y0] : [x1, y1];
    return { ...common, kind: 'line', from: [x0, y0], to, width: stroke.width, start: lineEnds.start, end: lineEnds.end };
  }
  if (draft.tool === 'DRAW') {
    if (draft.points.length < 2) return null;
    return { ...common, kind: 'ink', strokes: [draft.points], width: stroke.width };
  }
  return null;
}

function Shape({ item }: { item: EditorElement }) {
  switch (item.kind) {
    case 'new image':
      return <image href={item.image} x={item.rect.x} y={item.rect.y} width={item.rect.w} height={item.rect.h} preserveAspectRatio="none" />;
    case 'page image':
      // Where it is now, as it looked on the page; unmoved, the canvas shows it.
      if (!item.picture || sameBox(item.rect, item.box)) return null;
      return <image href={item.picture} x={item.rect.x} y={item.rect.y} width={item.rect.w} height={item.rect.h} preserveAspectRatio="none" />;
    case 'highlight':
      return <g opacity={item.opacity} style={{ mixBlendMode: 'multiply' }}>{item.rects.map((r, i) => <rect key={i} x={r.x} y={r.y} width={r.w} height={r.h} fill={item.color} />)}</g>;
    case 'underline':
    case 'strike-out':
    case 'squiggly':
      return (
        <g opacity={item.opacity} stroke={item.color} strokeWidth={1.5} fill="none">
          {item.rects.map((r, i) => {
            const y = item.kind === 'strike-out' ? r.y + r.h / 2 : r.y + r.h - 1;
            if (item.kind === 'squiggly') return <polyline key={i} points={squiggle(r.x, r.x + r.w, y)} />;
            return <line key={i} x1={r.x} x2={r.x + r.w} y1={y} y2={y} />;
          })}
        </g>
      );
    case 'square':
      return <rect x={item.rect.x} y={item.rect.y} width={item.rect.w} height={item.rect.h} stroke={item.color} strokeWidth={item.width} fill={item.fill ?? 'none'} opacity={item.opacity} />;
    case 'circle':
      return (
        <ellipse
          cx={item.rect.x + item.rect.w / 2} cy={item.rect.y + item.rect.h / 2} rx={item.rect.w / 2} ry={item.rect.h / 2}
          stroke={item.color} strokeWidth={item.width} fill={item.fill ?? 'none'} opacity={item.opacity}
        />
      );
    case 'line':
      return (
        <g stroke={item.color} strokeWidth={item.width} fill="none" opacity={item.opacity}>
          <line x1={item.from[0]} y1={item.from[1]} x2={item.to[0]} y2={item.to[1]} />
          <LineEndMark end={item.start} at={item.from} from={item.to} width={item.width} color={item.color} />
          <LineEndMark end={item.end} at={item.to} from={item.from} width={item.width} color={item.color} />
        </g>
      );
    case 'ink':
      return (
        <g stroke={item.color} strokeWidth={item.width} fill="none" strokeLinecap="round" strokeLinejoin="round" opacity={item.opacity}>
          {item.strokes.map((s, i) => <polyline key={i} points={s.map((p) => p.join(',')).join(' ')} />)}
        </g>
      );
    case 'stamp':
      return <StampShape item={item} />;
    default:
      return null;
  }
}

function sameBox(a: EditorBox, b: EditorBox): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

/** A wavy line under text, as viewers draw a squiggly annotation: 2-point steps, 1.5 points high. */
function squiggle(x0: number, x1: number, y: number): string {
  const points: string[] = [];
  for (let x = x0, up = true; x <= x1; x += 2, up = !up) points.push(`${x},${up ? y - 1.5 : y}`);
  return points.join(' ');
}

function LineEndMark({ end, at, from, width, color }: { end: LineEnd; at: EditorPoint; from: EditorPoint; width: number; color: string }) {
  if (end === 'NONE') return null;
  const size = Math.max(6, width * 4);
  if (end === 'DOT') return <circle cx={at[0]} cy={at[1]} r={size / 2} fill={color} />;
  const angle = Math.atan2(at[1] - from[1], at[0] - from[0]);
  const wing = (turn: number): string => `${at[0] - size * Math.cos(angle + turn)},${at[1] - size * Math.sin(angle + turn)}`;
  return <polyline points={`${wing(Math.PI / 6)} ${at.join(',')} ${wing(-Math.PI / 6)}`} />;
}

export function fontCss(font: AnnotateFont, scale: number): CSSProperties {
  const family = { Helvetica: 'Helvetica, Arial, sans-serif', Times: '"Times New Roman", Times, serif', Courier: '"Courier New", Courier, monospace' }[font.family];
  const decoration = { none: 'none', underline: 'underline', strikeout: 'line-through', both: 'underline line-through' }[font.line_style];
  return {
    fontFamily: family,
    fontSize: font.size * scale,
    color: font.color,
    fontWeight: font.bold ? 700 : 400,
    fontStyle: font.italic ? 'italic' : 'normal',
    textDecoration: decoration,
    textAlign: font.alignment === 'unknown' ? 'left' : font.alignment,
  };
}

function FreeTextBody({ item, scale, editing }: { item: Extract<EditorItem, { kind: 'free text' | 'text block' }>; scale: number; editing: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(item.text);
  const style = { inset: 0, ...fontCss(item.font, scale) };
  if (!editing) return <div className={classes.freeText} style={style}>{item.text}</div>;
  const finish = () => {
    const { items } = useEditor.getState();
    useEditor.setState({ editingId: null });
    if (draft.trim() === '') commit(items.filter((i) => i.id !== item.id));
    else if (draft !== item.text) commit(items.map((i) => (i.id === item.id ? { ...i, text: draft } as EditorItem : i)));
  };
  return (
    <textarea
      className={classes.freeTextInput}
      style={style}
      aria-label={t('editor.freeTextLabel')}
      data-testid="free-text-input"
      autoFocus
      value={draft}
      onPointerDown={(e) => e.stopPropagation()}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={finish}
      onKeyDown={(e) => { if (e.key === 'Escape') e.currentTarget.blur(); }}
    />
  );
}

function NoteEditor({ item, scale }: { item: Extract<EditorItem, { kind: 'comment' }>; scale: number }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(item.text);
  const finish = () => {
    useEditor.setState({ editingId: null });
    if (draft !== item.text) commit(useEditor.getState().items.map((i) => (i.id === item.id ? { ...i, text: draft } as EditorItem : i)));
  };
  return (
    <textarea
      className={classes.noteText}
      style={{ left: (NOTE_SIZE + 4) * scale, top: 0 }}
      aria-label={t('editor.noteLabel')}
      data-testid="note-input"
      autoFocus
      value={draft}
      onPointerDown={(e) => e.stopPropagation()}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={finish}
      onKeyDown={(e) => { if (e.key === 'Escape') e.currentTarget.blur(); }}
    />
  );
}
