import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, fail, stubFetch, type RecordedCall } from './testFetch';
import { uploadFile } from './upload';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const callback = { callbackUrl: '/api/file/oss/callback', callbackBody: 'file_id=f1', callbackBodyType: 'application/x-www-form-urlencoded' };
const policy = {
  access_key_id: 'local', access_key_secret: '', bucket: 'local', sts_token: 't', callback, dir: '',
  region: 'local', s3_type: 0, sts_url: '/api/storage/object/f1?token=s', part_url: '/api/storage/object/f1/part/{part}?token=s',
  part_size: 524288, chunk_threshold: 524288,
};
const stored = ok({ file_id: 'f1', file_size: 0, file_url: '/f1' });

function fileOf(size: number, name = 'report ü.pdf'): File {
  return new File([new Uint8Array(size)], name, { type: 'application/pdf' });
}

function server(onPart?: (call: RecordedCall) => unknown | Promise<unknown>) {
  return stubFetch((call) => {
    if (call.url === '/api/file/oss/object') return ok({ file_id: 'f1', policy });
    if (call.url.includes('/part/')) return onPart ? onPart(call) : ok({ part: 1 });
    return stored;
  });
}

describe('uploadFile', () => {
  it('asks for a policy with the md5, then sends a small file in one PUT with the storage headers', async () => {
    const calls = server();
    const file = fileOf(1000);
    await uploadFile(file);
    const [policyCall, put] = calls;
    expect(JSON.parse(String(policyCall?.body))).toEqual({
      filename: 'report ü.pdf', expired_type: 0, file_size: 1000, md5_code: 'ede3d3b685b4e137ba4cb2521329a75e',
    });
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe(policy.sts_url);
    expect(put?.headers['Content-Type']).toBe('application/octet-stream');
    expect(put?.headers['Content-Disposition']).toBe("attachment; filename*=UTF-8''report%20%C3%BC.pdf");
    expect(JSON.parse(atob(put?.headers['x-oss-callback'] ?? ''))).toEqual(callback);
    expect(calls).toHaveLength(2);
  });

  it('asks for a cloud-bound upload with auto_oss_upload only when autoOssUpload is set', async () => {
    const calls = server();
    await uploadFile(fileOf(10), { autoOssUpload: true });
    expect(JSON.parse(String(calls[0]?.body))).toMatchObject({ filename: 'report ü.pdf', auto_oss_upload: true });
    const plain = server();
    await uploadFile(fileOf(10), { autoOssUpload: false });
    expect(JSON.parse(String(plain[0]?.body))).not.toHaveProperty('auto_oss_upload');
  });

  it('sends a large file in numbered parts of part_size bytes, then completes with the part count', async () => {
    const calls = server();
    const progress: number[] = [];
    await uploadFile(fileOf(3 * 524288 + 10), { onProgress: (done) => progress.push(done) });
    const parts = calls.filter((c) => c.url.includes('/part/'));
    expect(parts.map((c) => c.url).sort()).toEqual([1, 2, 3, 4].map((n) => `/api/storage/object/f1/part/${n}?token=s`));
    expect(parts.map((c) => (c.body as Blob).size).sort((a, b) => a - b)).toEqual([10, 524288, 524288, 524288]);
    const complete = calls.at(-1);
    expect(complete?.method).toBe('POST');
    expect(complete?.url).toBe(policy.sts_url);
    expect(JSON.parse(String(complete?.body))).toEqual({ parts: 4 });
    expect(complete?.headers['x-oss-callback']).toBeTruthy();
    expect(progress.at(-1)).toBe(3 * 524288 + 10);
  });

  it('keeps at most 12 parts in flight', async () => {
    let inFlight = 0;
    let most = 0;
    server(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return ok({ part: 1 });
    });
    await uploadFile(fileOf(30 * 524288));
    expect(most).toBe(12);
  });

  it('retries a failing part 2 s apart and succeeds when a retry gets through', async () => {
    vi.useFakeTimers();
    let failures = 3;
    const calls = server(() => (failures-- > 0 ? new TypeError('Failed to fetch') : ok({ part: 1 })));
    const upload = uploadFile(fileOf(524288 + 1));
    await vi.advanceTimersByTimeAsync(3 * 2000);
    await expect(upload).resolves.toMatchObject({ file_id: 'f1' });
    expect(calls.filter((c) => c.url.includes('/part/'))).toHaveLength(5);
  });

  it('gives up on a part after 15 retries', async () => {
    vi.useFakeTimers();
    const calls = server(() => new TypeError('Failed to fetch'));
    const upload = uploadFile(fileOf(524288 + 1)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(16 * 2000);
    await expect(upload).resolves.toMatchObject({ code: 'ERR_NETWORK' });
    // A part is tried once and retried 15 times; the other part stops once the upload failed.
    expect(calls.filter((c) => c.url.includes('/part/1?'))).toHaveLength(16);
    expect(calls.filter((c) => c.url.includes('/part/2?')).length).toBeLessThanOrEqual(16);
  });

  it('does not retry a part the server refuses with a catalogue code', async () => {
    const calls = server(() => fail(90002));
    await expect(uploadFile(fileOf(524288 + 1))).rejects.toMatchObject({ code: 90002 });
    expect(calls.filter((c) => c.url.includes('/part/')).length).toBeLessThanOrEqual(2);
  });

  it('sends a direct upload straight to the presigned part URLs, then completes through the callback with their ETags', async () => {
    const direct = {
      ...policy, direct: true, sts_url: '', part_url: '', part_size: 5 * 1048576,
      callback: { callbackUrl: '/api/file/oss/callback', callbackBody: '{"file_id":"f1","upload_id":"u1"}', callbackBodyType: 'application/json' },
      part_urls: ['https://s3.test/b/uploads/f1?partNumber=1&X-Amz-Signature=a', 'https://s3.test/b/uploads/f1?partNumber=2&X-Amz-Signature=b'],
    };
    const calls = stubFetch((call) => {
      if (call.url === '/api/file/oss/object') return ok({ file_id: 'f1', policy: direct });
      if (call.url.startsWith('https://s3.test/')) return new Response(null, { status: 200, headers: { ETag: `"etag-${call.url.slice(-1)}"` } });
      return stored;
    });
    await uploadFile(fileOf(5 * 1048576 + 10));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url).sort()).toEqual(direct.part_urls);
    // No session token or callback header goes to the store: only what a presigned PUT needs.
    expect(puts.map((c) => Object.keys(c.headers))).toEqual([['Content-Type'], ['Content-Type']]);
    const complete = calls.at(-1);
    expect(complete?.url).toBe('/api/file/oss/callback');
    expect(JSON.parse(String(complete?.body))).toEqual({ file_id: 'f1', upload_id: 'u1', etags: ['"etag-a"', '"etag-b"'] });
  });

  it('stops with ERR_CANCELED when aborted mid-upload', async () => {
    const controller = new AbortController();
    server(async () => {
      controller.abort();
      return ok({ part: 1 });
    });
    await expect(uploadFile(fileOf(2 * 524288), { signal: controller.signal })).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });
});
