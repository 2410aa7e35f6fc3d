import { CloseButton } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { moveRect, resizeRect, spanRect, type Corner, type Rect } from './geometry';
import type { PageSize } from './PagePreview';
import classes from './shared.module.css';

export interface OverlayBox {
  id: string;
  rect: Rect;
  label: string;
  content?: ReactNode;
}

type Drag =
  | { mode: 'move' | 'resize'; id: string; corner?: Corner; start: { x: number; y: number }; rect: Rect }
  | { mode: 'draw'; start: { x: number; y: number } };

const corners: Corner[] = ['nw', 'ne', 'sw', 'se'];

/**
 * Boxes laid over a page preview, in points: each can be moved and resized by its corners
 * (at least `minSize` points a side), nudged with the arrow keys and removed with Delete; with
 * `onDraw`, dragging on the page draws a new box.
 */
export function BoxOverlay({ page, boxes, kind, minSize, keepAspect = false, selectedId, onSelect, onChange, onDraw, onRemove, removeLabel }: {
  page: PageSize;
  boxes: OverlayBox[];
  kind: 'crop' | 'redact' | 'sign';
  minSize: number;
  keepAspect?: boolean;
  selectedId?: string | undefined;
  onSelect?: (id: string) => void;
  onChange: (id: string, rect: Rect) => void;
  onDraw?: (rect: Rect) => void;
  onRemove?: (id: string) => void;
  removeLabel?: (box: OverlayBox) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [draft, setDraft] = useState<Rect | null>(null);

  const toPoint = (event: PointerEvent) => {
    const bounds = ref.current?.getBoundingClientRect();
    if (!bounds || bounds.width === 0 || bounds.height === 0) return { x: 0, y: 0 };
    return {
      x: ((event.clientX - bounds.left) / bounds.width) * page.w,
      y: ((event.clientY - bounds.top) / bounds.height) * page.h,
    };
  };

  const begin = (event: PointerEvent, next: Drag) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    drag.current = next;
    ref.current?.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current) return;
    const point = toPoint(event);
    if (current.mode === 'draw') {
      setDraft(spanRect(current.start, point, page));
      return;
    }
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    const next = current.mode === 'move'
      ? moveRect(current.rect, dx, dy, page)
      : resizeRect(current.rect, current.corner ?? 'se', dx, dy, page, minSize, keepAspect);
    if (next) onChange(current.id, next);
  };

  const onPointerUp = (event: PointerEvent) => {
    const current = drag.current;
    drag.current = null;
    if (ref.current?.hasPointerCapture(event.pointerId)) ref.current.releasePointerCapture(event.pointerId);
    if (current?.mode === 'draw') {
      const rect = spanRect(current.start, toPoint(event), page);
      setDraft(null);
      if (rect.w >= minSize && rect.h >= minSize) onDraw?.(rect);
    }
  };

  const onKeyDown = (box: OverlayBox) => (event: KeyboardEvent) => {
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onChange(box.id, moveRect(box.rect, move[0], move[1], page));
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && onRemove) {
      event.preventDefault();
      onRemove(box.id);
    }
  };

  const pct = (rect: Rect) => ({
    left: `${(rect.x / page.w) * 100}%`,
    top: `${(rect.y / page.h) * 100}%`,
    width: `${(rect.w / page.w) * 100}%`,
    height: `${(rect.h / page.h) * 100}%`,
  });

  return (
    <div
      ref={ref}
      className={classes.overlay}
      data-kind={kind}
      data-draw={onDraw ? true : undefined}
      data-testid="box-overlay"
      onPointerDown={onDraw ? (event) => begin(event, { mode: 'draw', start: toPoint(event) }) : undefined}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {boxes.map((box) => (
        <div
          key={box.id}
          className={classes.box}
          data-kind={kind}
          data-selected={selectedId === box.id || undefined}
          data-testid={`${kind}-box`}
          role="group"
          aria-label={box.label}
          tabIndex={0}
          style={pct(box.rect)}
          onFocus={() => onSelect?.(box.id)}
          onKeyDown={onKeyDown(box)}
          onPointerDown={(event) => {
            onSelect?.(box.id);
            begin(event, { mode: 'move', id: box.id, start: toPoint(event), rect: box.rect });
          }}
        >
          {box.content}
          {corners.map((corner) => (
            <span
              key={corner}
              className={classes.handle}
              data-corner={corner}
              data-testid={`${kind}-handle-${corner}`}
              onPointerDown={(event) => begin(event, { mode: 'resize', id: box.id, corner, start: toPoint(event), rect: box.rect })}
            />
          ))}
          {onRemove && (
            <CloseButton
              size="sm"
              radius="xl"
              variant="filled"
              className={classes.boxRemove}
              aria-label={removeLabel?.(box) ?? box.label}
              onPointerDown={(event) => event.stopPropagation()}
              onClick={() => onRemove(box.id)}
              data-testid={`${kind}-box-remove`}
            />
          )}
        </div>
      ))}
      {draft && <div className={classes.box} data-kind="draft" style={pct(draft)} />}
    </div>
  );
}
