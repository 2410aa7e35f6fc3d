import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5OfFile } from './md5';

describe('md5OfFile', () => {
  it('matches the md5 of the whole content when read in 2 MB chunks', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 123).map((_, i) => (i * 31) % 251);
    const expected = createHash('md5').update(bytes).digest('hex');
    const chunks: number[] = [];
    await expect(md5OfFile(new Blob([bytes]), { onProgress: (hashed) => chunks.push(hashed) })).resolves.toBe(expected);
    expect(chunks).toEqual([2 * 1024 * 1024, 4 * 1024 * 1024, bytes.length]);
  });

  it('hashes an empty file', async () => {
    await expect(md5OfFile(new Blob([]))).resolves.toBe('d41d8cd98f00b204e9800998ecf8427e');
  });
});
