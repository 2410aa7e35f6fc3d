import { describe, expect, it } from 'vitest';
import { moveItem } from './pageTiles';

describe('moveItem', () => {
  it('moves an item forwards and backwards', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });
  it('clamps the target and leaves the input alone', () => {
    const items = [1, 2, 3];
    expect(moveItem(items, 0, 10)).toEqual([2, 3, 1]);
    expect(items).toEqual([1, 2, 3]);
  });
});
