import { describe, expect, it } from 'vitest';
import { imageBoxes, type ImageOps } from './pageImageBoxes';

const ops: ImageOps = {
  save: 10, restore: 11, transform: 12, paintFormXObjectBegin: 74, paintFormXObjectEnd: 75, beginAnnotation: 80, endAnnotation: 81,
  paintImageXObject: 85, paintImageMaskXObject: 83, paintImageXObjectRepeat: 88,
};
/** A 612 x 792 page at scale 1: PDF user space flipped to a top-left origin. */
const display: [number, number, number, number, number, number] = [1, 0, 0, -1, 0, 792];

describe('imageBoxes (edit mode counts a page\'s images as the server does)', () => {
  it('places each image the page draws at its displayed box, counts repeats one by one and leaves out images of forms and annotations', () => {
    const fn = [
      10, 12, 85, 11, // q 100 0 0 80 50 612 cm /Im Do Q
      74, 85, 75, // an image inside a form: not the page's own
      10, 12, 10, 12, 83, 11, 11, // nested cm: 2x, then a mask 50 x 25 at (10, 20) of it
      88, // repeated image: two places
      80, 85, 81, // an annotation's picture
    ];
    const args: unknown[][] = [
      [], [100, 0, 0, 80, 50, 612], [], [],
      [[1, 0, 0, 1, 0, 0], [0, 0, 10, 10]], [], [],
      [], [2, 0, 0, 2, 0, 0], [], [50, 0, 0, 25, 10, 20], [], [], [],
      ['img', 30, 30, [300, 300, 400, 300]],
      [], [], [],
    ];
    expect(imageBoxes(fn, args, display, ops)).toEqual([
      { x: 50, y: 100, w: 100, h: 80 },
      { x: 20, y: 792 - 90, w: 100, h: 50 },
      { x: 300, y: 792 - 330, w: 30, h: 30 },
      { x: 400, y: 792 - 330, w: 30, h: 30 },
    ]);
  });
});
