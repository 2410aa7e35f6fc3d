import type { TaskCreated, TaskResult } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { api, leftoverTempFiles, upload, waitForTask, useServer } from './harness.js';
import { animatedGif, bombPng, decodedFacts, icoSizesOf, photoJpeg, pixelAt, twoColourImage } from './imageFixtures.js';
import { pageGeometry, unzipEntries } from './readBack.js';

const server = useServer();

type Item = TaskResult['items'][number];

async function uploaded(name: string, bytes: Buffer): Promise<string> {
  return (await upload(server, name, bytes)).file_id;
}

/** images_process over one file: the task's item and the downloaded result. */
async function processOne(body: Record<string, unknown>): Promise<{ item: Item; bytes: Buffer; name: string }> {
  const created = await api<TaskCreated>(server, 'POST', '/api/images_process', body);
  if (created.env.code !== 0) throw new Error(`images_process refused: ${JSON.stringify(created.env)}`);
  const result = await waitForTask(server, created.env.data.task_id);
  const item = result.items[0]!;
  expect(item.status, item.msg).toBe(0);
  const res = await server.guest.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
  return { item, bytes: Buffer.from(await res.arrayBuffer()), name: item.output_file_name };
}


describe('images_process through the API', () => {
  it('image-converter turns a PNG into a WebP named after the input', async () => {
    const fileId = await uploaded('holiday photo.png', await twoColourImage(120, 80));
    const { bytes, name } = await processOne({ mode: 'converter', file_ids: [fileId], target_format: 'webp' });
    expect(name).toBe('holiday photo.webp');
    expect(await decodedFacts(bytes)).toMatchObject({ format: 'webp', width: 120, height: 80 });
  });

  it('image-converter writes one ICO holding every chosen size', async () => {
    const fileId = await uploaded('logo.png', await twoColourImage(300, 300));
    const { bytes, name } = await processOne({ mode: 'converter', file_ids: [fileId], target_format: 'ico', ico_size: '32x32,16x16,256x256' });
    expect(name).toBe('logo.ico');
    expect(icoSizesOf(bytes)).toEqual([16, 32, 256]);
  });

  it('image-converter refuses an ICO size an icon cannot have', async () => {
    const fileId = await uploaded('logo.png', await twoColourImage(64, 64));
    const r = await api(server, 'POST', '/api/images_process', { mode: 'converter', file_ids: [fileId], target_format: 'ico', ico_size: '16x32' });
    expect(r.env.code).toBe('INVALID_PARAMS');
  });

  it('image-to-others makes a one-page PDF of the image', async () => {
    const fileId = await uploaded('scan.jpg', await twoColourImage(200, 100, 'jpeg'));
    const { bytes, name } = await processOne({ mode: 'converter', file_ids: [fileId], target_format: 'pdf' });
    expect(name).toBe('scan.pdf');
    const pages = pageGeometry(bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width / pages[0]!.height).toBeCloseTo(2, 2);
  });

  it('an animated GIF keeps all its frames, or only the first when asked', async () => {
    const gif = await animatedGif(40, 30, 3);
    const fileId = await uploaded('spin.gif', gif);
    const all = await processOne({ mode: 'converter', file_ids: [fileId], target_format: 'webp', frames: 'all' });
    expect(await decodedFacts(all.bytes)).toMatchObject({ format: 'webp', width: 40, height: 30, frames: 3 });
    const first = await processOne({ mode: 'converter', file_ids: [fileId], target_format: 'gif', frames: 'first' });
    expect(await decodedFacts(first.bytes)).toMatchObject({ format: 'gif', width: 40, height: 30, frames: 1 });
  });

  it('image-resizer scales by a percentage, or to a width with the aspect kept', async () => {
    const fileId = await uploaded('wide.png', await twoColourImage(200, 100));
    const half = await processOne({ mode: 'resize', file_ids: [fileId], resize_parameter: 50 });
    expect(half.name).toBe('wide-resized.png');
    expect(await decodedFacts(half.bytes)).toMatchObject({ format: 'png', width: 100, height: 50 });
    const narrow = await processOne({ mode: 'resize', file_ids: [fileId], resize_width: 80 });
    expect(await decodedFacts(narrow.bytes)).toMatchObject({ width: 80, height: 40 });
    const exact = await processOne({ mode: 'resize', file_ids: [fileId], resize_width: 70, resize_heigh: 90 });
    expect(await decodedFacts(exact.bytes)).toMatchObject({ width: 70, height: 90 });
  });

  it('image-resizer without a size is refused', async () => {
    const fileId = await uploaded('wide.png', await twoColourImage(200, 100));
    const r = await api(server, 'POST', '/api/images_process', { mode: 'resize', file_ids: [fileId] });
    expect(r.env.code).toBe('INVALID_PARAMS');
  });

  it('image-compressor makes a quality-100 JPEG smaller and reports both sizes', async () => {
    const jpeg = await photoJpeg(400, 300);
    const fileId = await uploaded('photo.jpg', jpeg);
    const { bytes, item, name } = await processOne({ mode: 'compress', file_ids: [fileId], level: 'medium' });
    expect(name).toBe('photo-compressed.jpg');
    expect(await decodedFacts(bytes)).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    expect(bytes.length).toBeLessThan(jpeg.length);
    expect(item.detail).toMatchObject({ input_size: jpeg.length, output_size: bytes.length });
  });

  it('crop-image keeps the box, in the image pixels from the top-left corner', async () => {
    const fileId = await uploaded('halves.png', await twoColourImage(200, 100));
    // The box lies in the right (blue) half.
    const { bytes } = await processOne({ mode: 'crop', file_ids: [fileId], crop_x: 120, crop_y: 20, crop_width: 60, crop_height: 50 });
    expect(await decodedFacts(bytes)).toMatchObject({ format: 'png', width: 60, height: 50 });
    expect(await pixelAt(bytes, 0, 0)).toEqual([0, 0, 255]);
  });

  it('crop-image refuses a box under 50 pixels or outside the image', async () => {
    const fileId = await uploaded('halves.png', await twoColourImage(200, 100));
    const small = await api(server, 'POST', '/api/images_process', { mode: 'crop', file_ids: [fileId], crop_x: 0, crop_y: 0, crop_width: 49, crop_height: 60 });
    expect(small.env.code).toBe('INVALID_PARAMS');
    const outside = await api(server, 'POST', '/api/images_process', { mode: 'crop', file_ids: [fileId], crop_x: 180, crop_y: 0, crop_width: 50, crop_height: 50 });
    expect(outside.env.code).toBe('INVALID_PARAMS');
  });

  it('rotate-image turns clockwise and flips', async () => {
    const fileId = await uploaded('halves.png', await twoColourImage(200, 100));
    // Red left half: a quarter turn clockwise puts it on top.
    const turned = await processOne({ mode: 'rotate', file_ids: [fileId], angle: 90 });
    expect(await decodedFacts(turned.bytes)).toMatchObject({ width: 100, height: 200 });
    expect(await pixelAt(turned.bytes, 50, 10)).toEqual([255, 0, 0]);
    expect(await pixelAt(turned.bytes, 50, 190)).toEqual([0, 0, 255]);
    const flipped = await processOne({ mode: 'rotate', file_ids: [fileId], flip_horizontal: true });
    expect(await decodedFacts(flipped.bytes)).toMatchObject({ width: 200, height: 100 });
    expect(await pixelAt(flipped.bytes, 10, 50)).toEqual([0, 0, 255]);
  });

  it('a file that is not an image gets 3102 with its message, whatever its extension', async () => {
    const fake = await uploaded('notes.png', Buffer.from('just some text, not a picture\n'.repeat(20)));
    const r1 = await api(server, 'POST', '/api/images_process', { mode: 'converter', file_ids: [fake] });
    expect(r1.env).toMatchObject({ code: 3102, msg: 'Image file type error. Allowed types: JPG, JPEG, PNG, BMP, GIF.' });
    const pdf = await uploaded('doc.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const r2 = await api(server, 'POST', '/api/images_process', { mode: 'resize', file_ids: [pdf], resize_parameter: 50 });
    expect(r2.env.code).toBe(3102);
  });

  it('a file over 20 MB is refused with the image size message', async () => {
    const png = await twoColourImage(64, 64);
    const big = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 + 1 - png.length)]);
    const fileId = await uploaded('huge.png', big);
    const r = await api(server, 'POST', '/api/images_process', { mode: 'compress', file_ids: [fileId] });
    expect(r.env).toMatchObject({ code: 'IMAGE_TOO_LARGE', msg: 'Image size too large, should be less than 20MB.' });
  });

  it('a decompression bomb is refused from its header in under a second', async () => {
    const fileId = await uploaded('bomb.png', bombPng());
    const started = Date.now();
    const r = await api(server, 'POST', '/api/images_process', { mode: 'converter', file_ids: [fileId], target_format: 'jpg' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(r.env.code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('a batch of three makes one task each under the multi_id, zipped by download-doc-bulk', async () => {
    const ids = [
      await uploaded('a.png', await twoColourImage(100, 60)),
      await uploaded('b.jpg', await twoColourImage(80, 80, 'jpeg')),
      await uploaded('c.webp', await twoColourImage(60, 100, 'webp')),
    ];
    const multiId = 'batch-images-1';
    const created = await api<TaskCreated>(server, 'POST', '/api/images_process', { mode: 'resize', file_ids: ids, resize_parameter: 50, multi_id: multiId });
    expect(created.env.code).toBe(0);
    expect(created.env.data.multi_id).toBe(multiId);
    const deadline = Date.now() + 60_000;
    let result: TaskResult;
    for (;;) {
      result = (await api<TaskResult>(server, 'GET', `/api/get-task-result?multi_id=${multiId}`)).env.data;
      if (result.items.length === 3 && result.items.every((i) => i.is_done)) break;
      if (Date.now() > deadline) throw new Error(`batch did not end: ${JSON.stringify(result)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(result.items.map((i) => i.status)).toEqual([0, 0, 0]);
    const res = await server.guest.fetch(`/api/document/download-doc-bulk?multi_id=${multiId}`);
    const files = unzipEntries(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()]).toEqual(['a-resized.png', 'b-resized.jpg', 'c-resized.webp']);
    expect(await decodedFacts(files.get('a-resized.png')!)).toMatchObject({ format: 'png', width: 50, height: 30 });
    expect(await decodedFacts(files.get('b-resized.jpg')!)).toMatchObject({ format: 'jpeg', width: 40, height: 40 });
    expect(await decodedFacts(files.get('c-resized.webp')!)).toMatchObject({ format: 'webp', width: 30, height: 50 });
  });

  it('a batch with one bad file starts no task at all', async () => {
    const good = await uploaded('ok.png', await twoColourImage(60, 60));
    const bad = await uploaded('bad.gif', Buffer.from('GIF? no'));
    const multiId = 'batch-images-2';
    const r = await api(server, 'POST', '/api/images_process', { mode: 'rotate', angle: 180, file_ids: [good, bad], multi_id: multiId });
    expect(r.env.code).toBe(3102);
    const after = await api(server, 'GET', `/api/get-task-result?multi_id=${multiId}`);
    expect(after.env.code).toBe(2405);
  });

  it('leaves no temporary file behind', () => {
    expect(leftoverTempFiles(server)).toEqual([]);
  });
});
