import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteSavedSignature, listSavedSignatures, saveSignature } from './client';
import { fail, ok, stubFetch } from './testFetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = {
  file_id: 's1', file_size: 120, oss_domain: '', output_file: '/api/file/sign/image?file_id=s1',
  page_w: 300, page_h: 100, total_page: 1,
};

describe('saved signatures', () => {
  it('lists with a t stamp and returns the signs', async () => {
    const calls = stubFetch(() => ok({ signs: [item] }));
    await expect(listSavedSignatures()).resolves.toEqual([item]);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toMatch(/^\/api\/file\/sign\?t=\d+$/);
  });

  it('saves an uploaded image by its file_id', async () => {
    const calls = stubFetch(() => ok(item));
    await expect(saveSignature('s1')).resolves.toEqual(item);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toMatch(/^\/api\/file\/sign\?t=\d+$/);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ file_id: 's1' });
  });

  it('keeps the envelope msg of SIGNATURES_FULL', async () => {
    stubFetch(() => fail('SIGNATURES_FULL', 'You can keep up to 20 signatures.'));
    await expect(saveSignature('s1')).rejects.toMatchObject({ code: 'SIGNATURES_FULL', message: 'You can keep up to 20 signatures.' });
  });

  it('deletes by file_id with a t stamp; 2405 when not found', async () => {
    const calls = stubFetch(() => ok(null));
    await deleteSavedSignature('s 1');
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url).toMatch(/^\/api\/file\/sign\?file_id=s\+1&t=\d+$/);
    stubFetch(() => fail(2405));
    await expect(deleteSavedSignature('s1')).rejects.toMatchObject({ code: 2405 });
  });
});
