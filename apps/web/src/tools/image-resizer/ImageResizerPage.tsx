import { ActionIcon, Group, NumberInput, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileStore } from '../../files/fileStore';
import { PanelTitle } from '../shared/PanelTitle';
import { useReadyFile } from '../shared/readyFile';
import { ImageWorkspace } from '../shared/image/ImageWorkspace';
import { lockedSide } from '../shared/image/imageChecks';
import { useLocalImage } from '../shared/image/useLocalImage';
import { useValidation } from '../../workspace/useValidation';

const imageResizer = toolByPageName('image-resizer') as ToolDefinition;
type By = 'percentage' | 'pixels';
const MAX_SIDE = 20_000;

const positiveInt = (value: number | string) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SIDE ? value : null);

/**
 * Resize Image (images_process mode resize): by a percentage (the same for width and height),
 * or to a width and height. With the aspect lock on, the height follows the width from the
 * first image, and only the width is sent so that every image of a batch keeps its own ratio.
 */
export default function ImageResizerPage() {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const first = useReadyFile();
  const image = useLocalImage(first?.raw);
  const [by, setBy] = useState<By>('percentage');
  const [percentage, setPercentage] = useState<number | string>(50);
  const [width, setWidth] = useState<number | string>('');
  const [height, setHeight] = useState<number | string>('');
  const [locked, setLocked] = useState(true);
  const { checked, validated } = useValidation();

  const percent = typeof percentage === 'number' && percentage > 0 && percentage <= 1000 ? percentage : null;
  const w = positiveInt(width);
  const h = positiveInt(height);
  const error = by === 'percentage'
    ? (percent === null ? t('images.resize.percentageRange') : null)
    : locked
      ? (w === null ? t('images.resize.widthRequired', { max: MAX_SIDE }) : null)
      : (w === null || h === null ? t('images.resize.sizeRequired', { max: MAX_SIDE }) : null);

  const onWidth = (value: number | string) => {
    setWidth(value);
    if (locked && typeof value === 'number' && image && image.width > 0) setHeight(lockedSide(value, image.width, image.height));
  };
  const onHeight = (value: number | string) => {
    setHeight(value);
    if (locked && typeof value === 'number' && image && image.height > 0) setWidth(lockedSide(value, image.height, image.width));
  };

  const request = by === 'percentage'
    ? { mode: 'resize' as const, resize_parameter: percent ?? 0 }
    : { mode: 'resize' as const, resize_width: w ?? 0, ...(locked ? {} : { resize_heigh: h ?? 0 }) };

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('images.resize.panelTitle')} />
      <SegmentedControl
        fullWidth
        value={by}
        onChange={(value) => {
          setBy(value as By);
          // Pixels start from the first image's own size.
          if (value === 'pixels' && width === '' && image && image.width > 0) {
            setWidth(image.width);
            setHeight(image.height);
          }
        }}
        disabled={running}
        data={[
          { value: 'percentage', label: t('images.resize.byPercentage') },
          { value: 'pixels', label: t('images.resize.byPixels') },
        ]}
        data-testid="image-resize-by"
      />
      {by === 'percentage' ? (
        <NumberInput
          label={t('images.resize.percentage')}
          description={t('images.resize.percentageHint')}
          value={percentage}
          onChange={setPercentage}
          min={1}
          max={1000}
          suffix=" %"
          disabled={running}
          error={checked ? error : null}
          data-testid="image-resize-percentage"
        />
      ) : (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput label={t('images.resize.width')} value={width} onChange={onWidth} min={1} max={MAX_SIDE} allowDecimal={false} suffix=" px" disabled={running} data-testid="image-resize-width" />
            <Tooltip label={locked ? t('images.resize.unlock') : t('images.resize.lock')}>
              <ActionIcon
                size="lg"
                mb={2}
                variant={locked ? 'filled' : 'default'}
                onClick={() => setLocked((value) => !value)}
                disabled={running}
                aria-pressed={locked}
                aria-label={t('images.resize.lockLabel')}
                data-testid="image-resize-lock"
              >
                {locked ? <IconLink size={18} /> : <IconLinkOff size={18} />}
              </ActionIcon>
            </Tooltip>
            <NumberInput label={t('images.resize.height')} value={height} onChange={onHeight} min={1} max={MAX_SIDE} allowDecimal={false} suffix=" px" disabled={running} data-testid="image-resize-height" />
          </Group>
          {image && image.width > 0 && (
            <Text fz="xs" c="dimmed" data-testid="image-resize-original">{t('images.resize.original', { w: image.width, h: image.height })}</Text>
          )}
          {locked && <Text fz="xs" c="dimmed">{t('images.resize.lockedHint')}</Text>}
          {checked && error && <Text fz="sm" c="red.7" data-testid="image-resize-error">{error}</Text>}
        </>
      )}
    </Stack>
  );

  return (
    <ImageWorkspace
      tool={imageResizer}
      request={request}
      sidePanel={panel}
      validate={() => validated(error === null)}
    />
  );
}
