/** One page of rearrange-pdf-pages: its 1-based source page and the turn added to it. */
export interface PageTile {
  page: number;
  rotation: 0 | 90 | 180 | 270;
}

/** The list with the item at `from` moved to index `to` (clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(to, items.length - 1));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}
