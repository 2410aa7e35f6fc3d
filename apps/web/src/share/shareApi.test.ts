import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { fail, ok, stubFetch, type RecordedCall } from '../api/testFetch';
import { getSharedFile, shareByEmail, shareLink, sharedFileDownloadUrl } from './shareApi';

afterEach(() => vi.unstubAllGlobals());

const target = { fileId: 'file_1', name: 'report.pdf' };
const shared = { share_url: 'http://x/app/pdf-editor?share_id=abc', share_code: 'abc', expires_at: 1, qr_images: 'data:image/png;base64,AA' };
const body = (call: RecordedCall | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;
const query = (call: RecordedCall | undefined) => Object.fromEntries(new URL(call!.url, 'http://x').searchParams);

describe('share calls', () => {
  it('makes a link with its QR code in one share-file-qrcode call of share_type 2', async () => {
    const calls = stubFetch(() => ok(shared));
    await expect(shareLink({ target, days: 1, language: 'de' })).resolves.toEqual(shared);
    expect(calls[0]!.url).toBe('/api/share/share-file-qrcode');
    expect(body(calls[0])).toMatchObject({ share_key: 'file_1', share_type: 2, share_days: 1, language: 'de' });
  });

  it('mails an email share of share_type 1 to the comma-joined recipients with the trimmed sender and message', async () => {
    const calls = stubFetch(() => ok(shared));
    await shareByEmail({
      target, days: 7, language: 'en', senderEmail: ' ada@example.com ', recipients: ['b@x.io', 'c@x.io'], message: ' Hello ',
    });
    expect(calls[0]!.url).toBe('/api/share/share-file');
    expect(body(calls[0])).toMatchObject({
      share_key: 'file_1', share_type: 1, share_days: 7, source_email: 'ada@example.com', target_email: 'b@x.io,c@x.io', message: 'Hello',
    });
  });

  it('leaves an empty message out', async () => {
    const calls = stubFetch(() => ok(shared));
    await shareByEmail({ target, days: 7, language: 'en', senderEmail: 'a@x.io', recipients: ['b@x.io'], message: '  ' });
    expect(body(calls[0])).not.toHaveProperty('message');
  });

  it('reads a shared file by share_code with a time stamp', async () => {
    const file = { file_name: 'r.pdf', file_size: 10, total_page: 1, source_user_id: 'u', owner_name: 'Ada', expires_at: 2 };
    const calls = stubFetch(() => ok(file));
    await expect(getSharedFile('abc')).resolves.toEqual(file);
    expect(calls[0]!.url.split('?')[0]).toBe('/api/share/get-share-file');
    expect(query(calls[0])).toMatchObject({ share_code: 'abc' });
    expect(Number(query(calls[0]).t)).toBeGreaterThan(0);
  });

  it('answers the signed download URL of a shared file, and 11016 once it expired', async () => {
    stubFetch(() => ok({ download_url: '/api/v2/cloud/object/f?expires=1&token=t', expires_at: 1 }));
    await expect(sharedFileDownloadUrl('abc')).resolves.toBe('/api/v2/cloud/object/f?expires=1&token=t');
    stubFetch(() => fail(11016));
    await expect(sharedFileDownloadUrl('abc')).rejects.toEqual(new ApiError(11016, 'failed'));
  });
});
