/**
 * The image tools (SPEC §7 POST images_process): image-converter, image-to-others,
 * image-resizer, image-compressor, crop-image and rotate-image. One request may name many
 * files; each becomes its own task under the request's multi_id, so one bad image fails alone
 * and download-doc-bulk zips the results.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  absoluteMaximumFileSize, acceptsFile, CatalogueError, fileExtension, icoSizes,
  toolByPageName, type ImageMode, type ImagesProcessRequest, type TaskCreated, type ToolPageName, type ToolRouteKey,
} from '@pagewright/contracts';
import type { ImageProcessOptions } from '@pagewright/engine';
import type { TaskRunner } from '../../tasks/service.js';
import { sanitizeFileName, withExtension } from '../../../util/fileName.js';
import { suffixed, type ToolDeps, type ToolKind } from '../service.js';
import type { Identity } from '../../../http/identity.js';

const KIND = 'imagesProcess' satisfies ToolRouteKey;

/** The page whose accepted extensions a mode's inputs must have (image-to-others shares converter's). */
const pageOfMode: Record<ImageMode, ToolPageName> = {
  converter: 'image-converter',
  resize: 'image-resizer',
  compress: 'image-compressor',
  crop: 'crop-image',
  rotate: 'rotate-image',
};

/** What one image task stores: its input and the engine's options (plain JSON). */
interface ImageTaskParams {
  file_id: string;
  options: ImageProcessOptions;
  /** The output's extension, from the engine at the probe, so the written file is named for its format. */
  output_extension: string;
}

/** "16x16,32x32" → [16, 32]; only the square sizes an ICO file holds (SPEC §3 icoSize). */
export function parseIcoSizes(value: string): number[] {
  const sizes = value.split(',').map((pair) => {
    const [w, h] = pair.split('x').map(Number);
    if (w !== h || !(icoSizes as readonly number[]).includes(w ?? NaN)) {
      throw new CatalogueError('INVALID_PARAMS', `ico_size ${pair} is not one of ${icoSizes.map((s) => `${s}x${s}`).join(', ')}`);
    }
    return w!;
  });
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** The request's mode-specific fields as the engine's options; throws INVALID_PARAMS when incomplete. */
export function imageOptions(b: ImagesProcessRequest): ImageProcessOptions {
  const base = { mode: b.mode, frames: b.frames };
  switch (b.mode) {
    case 'converter':
      return {
        ...base,
        targetFormat: b.target_format,
        ...(b.target_format === 'ico' ? { icoSizes: parseIcoSizes(b.ico_size) } : {}),
      };
    case 'resize':
      // A percentage is the same percentage of width and height (SPEC §3 resizePercentage).
      if (b.resize_parameter !== undefined) return { ...base, resizePercentage: b.resize_parameter };
      if (b.resize_width === undefined && b.resize_heigh === undefined) {
        throw new CatalogueError('INVALID_PARAMS', 'give resize_parameter, or resize_width and/or resize_heigh');
      }
      return {
        ...base,
        ...(b.resize_width !== undefined ? { width: b.resize_width } : {}),
        ...(b.resize_heigh !== undefined ? { height: b.resize_heigh } : {}),
      };
    case 'crop':
      if (b.crop_x === undefined || b.crop_y === undefined || b.crop_width === undefined || b.crop_height === undefined) {
        throw new CatalogueError('INVALID_PARAMS', 'crop needs crop_x, crop_y, crop_width and crop_height');
      }
      return { ...base, crop: { x: b.crop_x, y: b.crop_y, width: b.crop_width, height: b.crop_height } };
    case 'rotate':
      if (b.angle === 0 && !b.flip_horizontal && !b.flip_vertical) {
        throw new CatalogueError('INVALID_PARAMS', 'choose an angle or a flip');
      }
      return { ...base, angle: b.angle, flipHorizontal: b.flip_horizontal, flipVertical: b.flip_vertical };
    case 'compress':
      return { ...base, level: b.level, keepMetadata: b.keep_metadata };
  }
}

export function imageKinds(deps: ToolDeps): ToolKind[] {
  const run: TaskRunner = async ({ params, tempDir, reportProgress }) => {
    const { file_id, options, output_extension } = params as ImageTaskParams;
    const row = await deps.files.requireStoredForTask(file_id);
    const inputPath = await deps.storage.localCopy(row.storage_key, tempDir);
    const outputPath = path.join(tempDir, `result.${output_extension}`);
    const facts = await deps.engine.run('processImage', { inputPath, outputPath, options }, reportProgress);
    return {
      outputPath,
      detail: {
        input_size: row.file_size,
        output_size: facts.bytes,
        format: facts.format,
        width: facts.width,
        height: facts.height,
        frames: facts.frames,
      },
    };
  };

  /**
   * Every input is checked before any task starts (SPEC §5): its extension, its size, then its
   * header (type, pixel count) read by the engine without decoding the image.
   */
  async function start(identity: Identity, body: ImagesProcessRequest): Promise<TaskCreated> {
    const options = imageOptions(body);
    const tool = toolByPageName(pageOfMode[body.mode])!;
    const maxBytes = absoluteMaximumFileSize('Image');
    const accepted: { file_id: string; name: string; extension: string }[] = [];
    const probeDir = await mkdtemp(path.join(tmpdir(), 'pagewright-probe-'));
    try {
      for (const fileId of body.file_ids) {
        const row = await deps.files.requireUploaded(identity.owner, fileId);
        if (!acceptsFile(tool, row.filename)) throw new CatalogueError(3102, `${row.filename} is not an image ${tool.pageName} takes`);
        if (row.file_size > maxBytes) throw new CatalogueError('IMAGE_TOO_LARGE', `${row.filename} has ${row.file_size} bytes`);
        const local = await deps.storage.localCopy(row.storage_key, probeDir);
        const probe = await deps.engine.run('probeImage', { inputPath: local, inputExtension: fileExtension(row.filename), options });
        if (options.crop) checkCropInside(options.crop, probe.facts, row.filename);
        // The extension names a file in the task's directory: letters and digits only.
        if (!/^[a-z0-9]{1,8}$/.test(probe.outputExtension)) throw new CatalogueError(3125, `unexpected output extension ${probe.outputExtension}`);
        accepted.push({ file_id: fileId, name: outputNameOf(row.filename, probe.outputExtension, body.mode), extension: probe.outputExtension });
      }
    } finally {
      await rm(probeDir, { recursive: true, force: true });
    }
    const multiId = body.multi_id ?? randomUUID().replace(/-/g, '');
    let first: TaskCreated | undefined;
    for (const input of accepted) {
      const params: ImageTaskParams = { file_id: input.file_id, options, output_extension: input.extension };
      const created = await deps.tasks.create(identity, KIND, params, input.name, multiId);
      first ??= created;
    }
    return first!;
  }

  return [{ kind: KIND, start, run }];
}

/** What each mode adds to the input's name. */
const modeSuffix: Record<ImageMode, string> = {
  converter: 'converted',
  resize: 'resized',
  compress: 'compressed',
  crop: 'cropped',
  rotate: 'rotated',
};

/**
 * The result's name from the input's: `photo.JPG` compressed → `photo-compressed.jpg`, so it
 * never takes the original's name in a downloads folder; a conversion to another format keeps
 * the base name (`holiday photo.png` → `holiday photo.webp`).
 */
export function outputNameOf(inputName: string, extension: string, mode: ImageMode): string {
  const safe = sanitizeFileName(inputName, 'image');
  const sameFormat = sameExtension(fileExtension(safe), extension);
  if (mode === 'converter' && !sameFormat) return withExtension(safe, extension);
  return suffixed(safe, modeSuffix[mode], extension);
}

function sameExtension(a: string, b: string): boolean {
  const canonical = (e: string) => ({ jpeg: 'jpg', tif: 'tiff' } as Record<string, string>)[e.toLowerCase()] ?? e.toLowerCase();
  return canonical(a) === canonical(b);
}

/**
 * Refuses a crop box that lies outside the image before a task starts. The probe gives the
 * size as displayed (EXIF orientation applied), which is the size the crop box is drawn on.
 */
function checkCropInside(crop: NonNullable<ImageProcessOptions['crop']>, image: { width: number; height: number }, name: string): void {
  if (crop.x + crop.width > image.width || crop.y + crop.height > image.height) {
    throw new CatalogueError(
      'INVALID_PARAMS',
      `the crop box ${crop.x},${crop.y} ${crop.width}×${crop.height} is outside ${name} (${image.width}×${image.height})`,
    );
  }
}
