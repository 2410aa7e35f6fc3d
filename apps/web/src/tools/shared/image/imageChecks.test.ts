import { describe, expect, it } from 'vitest';
import { previewTransform, cropProblem, frameCount, initialCrop, isTooLarge, keepsAllFrames, lockedSide, overBatchRecommendation, saving } from './imageChecks';

/** A GIF with `frames` 1×1 images, each after a graphic control extension (as animations have). */
function gif(frames: number): Uint8Array {
  const bytes = [...'GIF89a'].map((c) => c.charCodeAt(0));
  bytes.push(1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255); // screen 1×1, 2-colour global table
  bytes.push(0x21, 0xff, 11, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0);
  for (let f = 0; f < frames; f++) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    bytes.push(0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0);
  }
  bytes.push(0x3b);
  return Uint8Array.from(bytes);
}

function webp(anmf: number): Uint8Array {
  const chunk = (id: string, size: number) => [...id].map((c) => c.charCodeAt(0)).concat([size, 0, 0, 0], new Array<number>(size + (size % 2)).fill(0));
  const body = [...chunk('VP8X', 10), ...chunk('ANIM', 6)];
  for (let i = 0; i < anmf; i++) body.push(...chunk('ANMF', 17));
  const riff = [...'RIFF'].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0], [...'WEBP'].map((c) => c.charCodeAt(0)), body);
  return Uint8Array.from(riff);
}

describe('image checks', () => {
  it('counts the frames of animated GIFs and WebPs', () => {
    expect(frameCount(gif(1))).toBe(1);
    expect(frameCount(gif(4))).toBe(4);
    expect(frameCount(webp(3))).toBe(3);
    expect(frameCount(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(1);
  });

  it('knows the 20 MB limit and the batch recommendation', () => {
    expect(isTooLarge(20 * 1024 * 1024)).toBe(false);
    expect(isTooLarge(20 * 1024 * 1024 + 1)).toBe(true);
    expect(overBatchRecommendation(20)).toBe(false);
    expect(overBatchRecommendation(21)).toBe(true);
  });

  it('says which targets keep an animation', () => {
    expect(keepsAllFrames('gif')).toBe(true);
    expect(keepsAllFrames('png')).toBe(false);
    expect(keepsAllFrames('ico')).toBe(false);
  });

  it('follows the aspect ratio when locked', () => {
    expect(lockedSide(100, 200, 150)).toBe(75);
    expect(lockedSide(1, 1000, 10)).toBe(1);
  });

  it('refuses crop boxes under 50 pixels or past the image', () => {
    const image = { width: 200, height: 100 };
    expect(cropProblem({ x: 0, y: 0, width: 49, height: 80 }, image)).toBe('tooSmall');
    expect(cropProblem({ x: 160, y: 0, width: 50, height: 50 }, image)).toBe('outside');
    expect(cropProblem({ x: 150, y: 50, width: 50, height: 50 }, image)).toBeNull();
    expect(initialCrop(image)).toEqual({ x: 20, y: 10, width: 160, height: 80 });
    expect(initialCrop({ width: 40, height: 40 })).toEqual({ x: 0, y: 0, width: 40, height: 40 });
  });

  it('works out the saving of a compression', () => {
    expect(saving(1000, 400)).toEqual({ percent: 60, saved: 600 });
    expect(saving(1000, 1000)).toEqual({ percent: 0, saved: 0 });
  });

  it('previews a turn, then the flips, as one CSS transform', () => {
    expect(previewTransform(90, false, false)).toBe('scale(1, 1) rotate(90deg)');
    expect(previewTransform(270, true, true)).toBe('scale(-1, -1) rotate(270deg)');
  });
});
