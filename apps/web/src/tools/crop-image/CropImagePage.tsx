import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileStore } from '../../files/fileStore';
import { BoxOverlay } from '../shared/BoxOverlay';
import type { Rect } from '../shared/geometry';
import { PanelTitle } from '../shared/PanelTitle';
import { useReadyFile, useReadyFiles } from '../shared/readyFile';
import { ImageWorkspace } from '../shared/image/ImageWorkspace';
import { MIN_CROP, cropProblem, initialCrop, type CropBox } from '../shared/image/imageChecks';
import { useLocalImage, type LocalImage } from '../shared/image/useLocalImage';
import classes from '../shared/image/image.module.css';

const cropImage = toolByPageName('crop-image') as ToolDefinition;
type Field = keyof CropBox;
const fields: Field[] = ['x', 'y', 'width', 'height'];

const toRect = (box: CropBox): Rect => ({ x: box.x, y: box.y, w: box.width, h: box.height });
const toBox = (rect: Rect): CropBox => ({ x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.w), height: Math.round(rect.h) });

/**
 * Crop Image (images_process mode crop): the box in the image's pixels, typed or dragged on a
 * preview of the first image; at least 50 pixels a side. Every image of a batch is cut to the
 * same box.
 */
export default function CropImagePage() {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const first = useReadyFile();
  const count = useReadyFiles().length;
  const image = useLocalImage(first?.raw);
  const known = image && image.width > 0 ? image : null;
  // The box belongs to the image it was drawn on; a new first image starts from its own box.
  // A format the browser cannot draw (TIFF) has no preview: its box is typed, and the server checks it.
  const [edited, setEdited] = useState<{ url: string; box: CropBox } | null>(null);
  const [refused, setRefused] = useState(false);
  const box = edited && image && edited.url === image.url ? edited.box : known ? initialCrop(known) : { x: 0, y: 0, width: MIN_CROP, height: MIN_CROP };
  const problem = cropProblem(box, known);
  const problemText = problem === 'tooSmall'
    ? t('images.crop.tooSmall', { min: MIN_CROP })
    : problem === 'outside' && known ? t('images.crop.outside', { w: known.width, h: known.height }) : null;

  const setBox = (next: CropBox) => {
    if (!image) return;
    setEdited({ url: image.url, box: next });
  };
  /** A dragged box under the minimum is refused: the previous box stays, and a message says why. */
  const fromOverlay = (rect: Rect) => {
    if (running) return;
    const next = toBox(rect);
    if (next.width < MIN_CROP || next.height < MIN_CROP) {
      setRefused(true);
      return;
    }
    setRefused(false);
    setBox(next);
  };

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('images.crop.panelTitle')} hint={t('images.crop.hint', { min: MIN_CROP })} />
      <SimpleGrid cols={2} spacing="xs">
        {fields.map((field) => (
          <NumberInput
            key={field}
            label={t(`images.crop.fields.${field}`)}
            value={box[field]}
            onChange={(value) => setBox({ ...box, [field]: typeof value === 'number' && value >= 0 ? Math.round(value) : 0 })}
            min={0}
            allowDecimal={false}
            suffix=" px"
            disabled={running || !image}
            data-testid={`image-crop-${field}`}
          />
        ))}
      </SimpleGrid>
      {problemText && <Text fz="sm" c="red.7" data-testid="image-crop-error">{problemText}</Text>}
      {refused && !problemText && <Text fz="sm" c="orange.8" data-testid="image-crop-refused">{t('images.crop.tooSmall', { min: MIN_CROP })}</Text>}
      {known && <Text fz="xs" c="dimmed" data-testid="image-crop-size">{t('images.crop.imageSize', { w: known.width, h: known.height })}</Text>}
      {count > 1 && <Text fz="xs" c="dimmed" data-testid="image-crop-batch">{t('images.crop.sameBox', { count })}</Text>}
    </Stack>
  );

  const editor = first ? (
    known ? (
      <CropEditor image={known} box={box} onRect={fromOverlay} />
    ) : image ? (
      <Text fz="sm" c="dimmed" data-testid="image-crop-no-preview">{t('images.crop.noPreview')}</Text>
    ) : null
  ) : null;

  return (
    <ImageWorkspace
      tool={cropImage}
      request={{ mode: 'crop', crop_x: box.x, crop_y: box.y, crop_width: box.width, crop_height: box.height }}
      sidePanel={panel}
      {...(editor ? { editor } : {})}
      convertDisabled={problem !== null || !image}
    />
  );
}

/** The first image with the crop box over it: drag inside to move, corners to resize, or draw a new one. */
function CropEditor({ image, box, onRect }: { image: LocalImage; box: CropBox; onRect: (rect: Rect) => void }) {
  const { t } = useTranslation();
  const size = { w: image.width, h: image.height };
  return (
    <div className={classes.cropStage} data-testid="image-crop-preview">
      <div className={classes.cropImageBox}>
        <img src={image.url} alt={t('images.crop.previewAlt')} className={classes.cropImage} draggable={false} />
        {/* Boxes are checked against the 50-pixel minimum here, so that a smaller one gets a message. */}
        <BoxOverlay
          page={size}
          kind="crop"
          minSize={1}
          boxes={[{ id: 'crop', rect: toRect(box), label: t('images.crop.boxLabel') }]}
          onChange={(_, rect) => onRect(rect)}
          onDraw={onRect}
        />
      </div>
    </div>
  );
}
