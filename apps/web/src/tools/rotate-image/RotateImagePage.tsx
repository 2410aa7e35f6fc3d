import { Button, Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { IconFlipHorizontal, IconFlipVertical, IconRotate, IconRotateClockwise } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileStore } from '../../files/fileStore';
import { PanelTitle } from '../shared/PanelTitle';
import { ImageWorkspace } from '../shared/image/ImageWorkspace';
import { previewTransform, type RotateAngle as Angle } from '../shared/image/imageChecks';

const rotateImage = toolByPageName('rotate-image') as ToolDefinition;

/** Rotate Image (images_process mode rotate): clockwise 90, 180 or 270 degrees, then flips. */
export default function RotateImagePage() {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [angle, setAngle] = useState<Angle>(90);
  const [flipHorizontal, setFlipHorizontal] = useState(false);
  const [flipVertical, setFlipVertical] = useState(false);
  const nothing = angle === 0 && !flipHorizontal && !flipVertical;

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('images.rotate.panelTitle')} hint={t('images.rotate.hint')} />
      <SegmentedControl
        fullWidth
        value={String(angle)}
        onChange={(value) => setAngle(Number(value) as Angle)}
        disabled={running}
        data={[
          { value: '0', label: t('images.rotate.none') },
          { value: '90', label: <Text span fz="sm"><IconRotateClockwise size={14} /> 90°</Text> },
          { value: '180', label: '180°' },
          { value: '270', label: <Text span fz="sm"><IconRotate size={14} /> 270°</Text> },
        ]}
        data-testid="image-rotate-angle"
      />
      <Group gap="xs">
        <Chip checked={flipHorizontal} onChange={setFlipHorizontal} disabled={running} icon={<IconFlipVertical size={14} />} data-testid="image-flip-horizontal">
          {t('images.rotate.flipHorizontal')}
        </Chip>
        <Chip checked={flipVertical} onChange={setFlipVertical} disabled={running} icon={<IconFlipHorizontal size={14} />} data-testid="image-flip-vertical">
          {t('images.rotate.flipVertical')}
        </Chip>
      </Group>
      <Button variant="subtle" size="xs" onClick={() => { setAngle(0); setFlipHorizontal(false); setFlipVertical(false); }} disabled={running || nothing} data-testid="image-rotate-reset">
        {t('images.rotate.reset')}
      </Button>
      {nothing && <Text fz="sm" c="dimmed" data-testid="image-rotate-nothing">{t('images.rotate.nothing')}</Text>}
    </Stack>
  );

  return (
    <ImageWorkspace
      tool={rotateImage}
      request={{ mode: 'rotate', angle, flip_horizontal: flipHorizontal, flip_vertical: flipVertical }}
      sidePanel={panel}
      thumbTransform={previewTransform(angle, flipHorizontal, flipVertical)}
      convertDisabled={nothing}
    />
  );
}
