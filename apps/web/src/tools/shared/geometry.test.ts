import { describe, expect, it } from 'vitest';
import { moveRect, resizeRect, spanRect } from './geometry';

const page = { w: 600, h: 800 };

describe('page box geometry', () => {
  it('keeps a moved box inside the page', () => {
    expect(moveRect({ x: 10, y: 10, w: 100, h: 50 }, -50, 900, page)).toEqual({ x: 0, y: 750, w: 100, h: 50 });
  });
  it('resizes from a corner, keeping the opposite corner and the minimum size', () => {
    expect(resizeRect({ x: 100, y: 100, w: 200, h: 200 }, 'se', 50, -300, page, 50)).toEqual({ x: 100, y: 100, w: 250, h: 50 });
    expect(resizeRect({ x: 100, y: 100, w: 200, h: 200 }, 'nw', -500, 180, page, 50)).toEqual({ x: 0, y: 250, w: 300, h: 50 });
  });
  it('keeps the aspect ratio when asked, and refuses a box that would leave the page', () => {
    expect(resizeRect({ x: 0, y: 0, w: 100, h: 50 }, 'se', 100, 0, page, 10, true)).toEqual({ x: 0, y: 0, w: 200, h: 100 });
    expect(resizeRect({ x: 0, y: 700, w: 100, h: 50 }, 'se', 200, 0, page, 10, true)).toBeNull();
  });
  it('spans two points in any order, clipped to the page', () => {
    expect(spanRect({ x: 700, y: 20 }, { x: 500, y: -10 }, page)).toEqual({ x: 500, y: 0, w: 100, h: 20 });
  });
});
