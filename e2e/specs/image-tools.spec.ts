/**
 * The six image pages (images_process): each uploads images made here, sets its options, runs,
 * downloads, and checks the result by decoding it with sharp.
 */
import { expect, test, type Page } from '@playwright/test';
import { animatedGif, decodedFacts, icoSizesOf, photoJpeg, pixelAt, twoColourImage } from '../../apps/server/test/imageFixtures.js';
import { addFiles, convertAndDownload, pageSizes, unzipAll, watchErrors, type FixtureFile } from './helpers.js';

const image = (name: string, buffer: Buffer, mimeType = 'image/png'): FixtureFile => ({ name, mimeType, buffer });

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('image-compressor: a quality-100 JPEG comes back smaller, with the saving shown', async ({ page }) => {
  const errors = watchErrors(page);
  const jpeg = await photoJpeg(400, 300);
  await addFiles(page, 'image-compressor', [image('photo.jpg', jpeg, 'image/jpeg')]);
  await expect(page.getByTestId('image-thumb')).toHaveCount(1);
  await page.getByTestId('image-compress-level-high').check();
  await expect(page.getByTestId('image-keep-metadata')).not.toBeChecked();
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('photo-compressed.jpg');
  expect(await decodedFacts(bytes)).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  expect(bytes.length).toBeLessThan(jpeg.length);
  const saving = page.getByTestId('image-saving');
  await expect(saving).toContainText('Saved');
  await expect(saving).toHaveAttribute('data-after', String(bytes.length));
  expect(errors).toEqual([]);
});

test('image-compressor: an image above 20 MB is removed before it uploads', async ({ page }) => {
  const errors = watchErrors(page);
  const uploads: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/api/file/oss/object')) uploads.push(request.url()); });
  await page.goto('/app/image-compressor');
  const png = await twoColourImage(64, 64);
  const big = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 + 1 - png.length)]);
  await page.getByTestId('file-input').setInputFiles([image('huge.png', big)]);
  await expect(page.getByTestId('toast')).toContainText('Image size too large, should be less than 20MB.');
  await expect(page.getByTestId('file-row')).toHaveCount(0);
  expect(uploads).toEqual([]);
  expect(errors).toEqual([]);
});

test('crop-image: a box under 50 pixels is refused, the typed box is cut', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'crop-image', [image('halves.png', await twoColourImage(200, 100))]);
  const overlay = page.getByTestId('box-overlay');
  await expect(overlay).toBeVisible();
  await expect(page.getByTestId('image-crop-size')).toContainText('200 × 100');
  // Drawing a tiny box in the corner, outside the current box, is refused with a message.
  const bounds = (await overlay.boundingBox())!;
  await page.mouse.move(bounds.x + 2, bounds.y + 2);
  await page.mouse.down();
  await page.mouse.move(bounds.x + 8, bounds.y + 6, { steps: 3 });
  await page.mouse.up();
  await expect(page.getByTestId('image-crop-refused')).toContainText('at least 50 × 50 pixels');
  await page.getByTestId('image-crop-width').fill('40');
  await expect(page.getByTestId('image-crop-error')).toContainText('at least 50 × 50 pixels');
  await expect(page.getByTestId('convert-button')).toBeDisabled();
  // The right (blue) half: x 120, y 20, 60 × 50.
  await page.getByTestId('image-crop-x').fill('120');
  await page.getByTestId('image-crop-y').fill('20');
  await page.getByTestId('image-crop-width').fill('60');
  await page.getByTestId('image-crop-height').fill('50');
  await expect(page.getByTestId('image-crop-error')).toHaveCount(0);
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('halves-cropped.png');
  expect(await decodedFacts(bytes)).toMatchObject({ format: 'png', width: 60, height: 50 });
  expect(await pixelAt(bytes, 0, 0)).toEqual([0, 0, 255]);
  expect(errors).toEqual([]);
});

test('image-resizer: a batch of two at 50 % and by width with the aspect lock', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'image-resizer', [
    image('wide.png', await twoColourImage(200, 100)),
    image('tall.webp', await twoColourImage(60, 120, 'webp'), 'image/webp'),
  ]);
  await expect(page.getByTestId('image-thumb')).toHaveCount(2);
  await expect(page.getByTestId('image-resize-percentage')).toHaveValue('50 %');
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toMatch(/\.zip$/);
  const files = unzipAll(bytes);
  expect([...files.keys()]).toEqual(['tall-resized.webp', 'wide-resized.png']);
  expect(await decodedFacts(files.get('wide-resized.png')!)).toMatchObject({ format: 'png', width: 100, height: 50 });
  expect(await decodedFacts(files.get('tall-resized.webp')!)).toMatchObject({ format: 'webp', width: 30, height: 60 });

  await page.getByTestId('start-over').click();
  await addFiles(page, 'image-resizer', [image('wide.png', await twoColourImage(200, 100))]);
  await page.getByText('By pixels').click();
  await expect(page.getByTestId('image-resize-width')).toHaveValue('200 px');
  await page.getByTestId('image-resize-width').fill('80');
  await expect(page.getByTestId('image-resize-height')).toHaveValue('40 px');
  const single = await convertAndDownload(page);
  expect(await decodedFacts(single.bytes)).toMatchObject({ format: 'png', width: 80, height: 40 });
  expect(errors).toEqual([]);
});

test('rotate-image: the preview turns, and the image comes back turned and flipped', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'rotate-image', [image('halves.png', await twoColourImage(200, 100))]);
  await page.getByTestId('image-rotate-angle').getByText('270°').click();
  await page.getByText('Flip vertically').click();
  await expect(page.getByTestId('image-thumb-img')).toHaveAttribute('style', /scale\(1, -1\) rotate\(270deg\)/);
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('halves-rotated.png');
  expect(await decodedFacts(bytes)).toMatchObject({ width: 100, height: 200 });
  // A quarter turn anticlockwise puts the red left half at the bottom; the vertical flip brings it to the top.
  expect(await pixelAt(bytes, 50, 10)).toEqual([255, 0, 0]);
  expect(await pixelAt(bytes, 50, 190)).toEqual([0, 0, 255]);
  expect(errors).toEqual([]);
});

test('image-converter: an animated GIF says what happens to its frames; the first frame is kept', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'image-converter', [image('spin.gif', await animatedGif(40, 30, 3), 'image/gif')]);
  await expect(page.getByTestId('image-target-format')).toHaveValue('PNG');
  await expect(page.getByTestId('image-animated')).toContainText('animated (3 frames)');
  await expect(page.getByTestId('image-frames-only-first')).toContainText('only the first frame is kept');
  await choose(page, 'image-target-format', 'GIF');
  await page.getByTestId('image-frames-first').check();
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('spin-converted.gif');
  expect(await decodedFacts(bytes)).toMatchObject({ format: 'gif', width: 40, height: 30, frames: 1 });
  expect(errors).toEqual([]);
});

test('image-converter: ICO with the default 16 × 16 size', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'image-converter', [image('logo.png', await twoColourImage(64, 64))]);
  await expect(page.getByTestId('image-ico-sizes')).toHaveCount(0);
  await choose(page, 'image-target-format', 'ICO');
  await expect(page.getByTestId('image-ico-sizes')).toBeVisible();
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('logo.ico');
  expect(icoSizesOf(bytes)).toEqual([16]);
  expect(errors).toEqual([]);
});

test('image-to-others: PDF is the default, one page shaped like the image', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'image-to-others', [image('scan.jpg', await twoColourImage(200, 100, 'jpeg'), 'image/jpeg')]);
  await expect(page.getByTestId('image-target-format')).toHaveValue('PDF');
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('scan.pdf');
  const sizes = pageSizes(bytes);
  expect(sizes).toHaveLength(1);
  expect(sizes[0]!.w / sizes[0]!.h).toBeCloseTo(2, 1);
  expect(errors).toEqual([]);
});

test('rotate-image: more than 20 images bring the batch notice', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/app/rotate-image');
  const png = await twoColourImage(8, 8);
  const files = Array.from({ length: 21 }, (_, i) => image(`tiny-${i + 1}.png`, png));
  await page.getByTestId('file-input').setInputFiles(files.slice(0, 20));
  await expect(page.getByTestId('file-row')).toHaveCount(20);
  await expect(page.getByTestId('images-batch-notice')).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles(files.slice(20));
  await expect(page.getByTestId('images-batch-notice')).toContainText('we recommend at most 20');
  expect(errors).toEqual([]);
});
