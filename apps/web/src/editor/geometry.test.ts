import { describe, expect, it } from 'vitest';
import { boundsOf, findInRuns, lineBoxes, moveItem, resizeItem, type EditorItem } from './geometry';

const square: EditorItem = { id: 's', kind: 'square', page: 1, color: '#ff0000', opacity: 1, width: 2, rect: { x: 10, y: 20, w: 30, h: 40 } };
const ink: EditorItem = { id: 'i', kind: 'ink', page: 1, color: '#000000', opacity: 1, width: 2, strokes: [[[0, 0], [10, 20]]] };

describe('editor geometry', () => {
  it('moves and resizes a page image keeping its shape, its original box unchanged', () => {
    const image: EditorItem = { id: 'p', kind: 'page image', page: 1, use: 0, box: { x: 10, y: 10, w: 40, h: 20 }, rect: { x: 10, y: 10, w: 40, h: 20 }, picture: null };
    const moved = moveItem(image, 5, 5);
    expect(moved.rect).toEqual({ x: 15, y: 15, w: 40, h: 20 });
    const resized = resizeItem(moved, 40, 0);
    expect(resized.rect).toEqual({ x: 15, y: 15, w: 80, h: 40 });
    expect(resized.kind === 'page image' && resized.box).toEqual({ x: 10, y: 10, w: 40, h: 20 });
  });

  it('moves every point of an annotation by the drag', () => {
    expect(moveItem(square, 5, -5).rect).toEqual({ x: 15, y: 15, w: 30, h: 40 });
    expect(moveItem(ink, 1, 2).strokes).toEqual([[[1, 2], [11, 22]]]);
  });

  it('resizes a box from its bottom-right corner and never below the minimum size', () => {
    expect(resizeItem(square, 10, 5).rect).toEqual({ x: 10, y: 20, w: 40, h: 45 });
    expect(resizeItem(square, -100, -100).rect).toEqual({ x: 10, y: 20, w: 8, h: 8 });
  });

  it('pads an ink stroke\'s bounds by its width', () => {
    expect(boundsOf(ink)).toEqual({ x: -2, y: -2, w: 14, h: 24 });
  });

  it('merges the spans of a selection into one box per line', () => {
    const boxes = lineBoxes([
      { x: 10, y: 100, w: 50, h: 12 }, { x: 60, y: 101, w: 40, h: 11 },
      { x: 10, y: 120, w: 30, h: 12 }, { x: 5, y: 5, w: 0.1, h: 12 },
    ]);
    expect(boxes).toEqual([{ x: 10, y: 100, w: 90, h: 12 }, { x: 10, y: 120, w: 30, h: 12 }]);
  });

  it('finds every occurrence of a term in a run, case-insensitively, at its share of the run\'s width', () => {
    const hits = findInRuns([{ str: 'Plan B or plan C', box: { x: 0, y: 10, w: 160, h: 12 } }], 'PLAN');
    expect(hits).toEqual([{ x: 0, y: 10, w: 40, h: 12 }, { x: 100, y: 10, w: 40, h: 12 }]);
  });
});
