import { Alert, MultiSelect, Radio, Select, Stack, Text } from '@mantine/core';
import { icoSizes, imageTargetFormats, type ImageTargetFormat, type ToolDefinition } from '@pagewright/contracts';
import { IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isReady, useFileStore } from '../../../files/fileStore';
import { PanelTitle } from '../PanelTitle';
import { ImageWorkspace } from './ImageWorkspace';
import { keepsAllFrames } from './imageChecks';
import { useAnimatedFiles } from './useLocalImage';

type Frames = 'all' | 'first';

/**
 * image-converter and image-to-others (images_process mode converter): one output format for
 * every image, ICO sizes when the format is ico, and for an animated input the choice of
 * keeping every frame or the first.
 */
export function ImageConvertPage({ tool, defaultTarget }: { tool: ToolDefinition; defaultTarget: ImageTargetFormat }) {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [target, setTarget] = useState<ImageTargetFormat>(defaultTarget);
  const [sizes, setSizes] = useState<string[]>(['16x16']);
  const [frames, setFrames] = useState<Frames>('all');
  const icoError = target === 'ico' && sizes.length === 0 ? t('images.convert.icoRequired') : null;

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('images.convert.panelTitle')} />
      <Select
        label={t('images.convert.target')}
        value={target}
        onChange={(value) => value && setTarget(value as ImageTargetFormat)}
        allowDeselect={false}
        disabled={running}
        data={imageTargetFormats.map((value) => ({ value, label: value.toUpperCase() }))}
        data-testid="image-target-format"
      />
      {target === 'ico' && (
        <MultiSelect
          label={t('images.convert.icoSizes')}
          description={t('images.convert.icoHint')}
          value={sizes}
          onChange={setSizes}
          disabled={running}
          error={icoError}
          data={icoSizes.map((size) => ({ value: `${size}x${size}`, label: `${size} × ${size}` }))}
          data-testid="image-ico-sizes"
        />
      )}
      <AnimationChoice target={target} frames={frames} onChange={setFrames} disabled={running} />
    </Stack>
  );

  // Sizes go smallest first, as the icon's directory lists them.
  const icoSize = [...sizes].sort((a, b) => parseInt(a, 10) - parseInt(b, 10)).join(',');
  return (
    <ImageWorkspace
      tool={tool}
      request={{ mode: 'converter', target_format: target, ...(target === 'ico' ? { ico_size: icoSize } : {}), frames: keepsAllFrames(target) ? frames : 'first' }}
      sidePanel={panel}
      convertDisabled={icoError !== null}
    />
  );
}

/**
 * Shown when an input is animated: what happens to its frames with the chosen format, and,
 * where the format can hold them, the choice of keeping all frames or only the first.
 */
function AnimationChoice({ target, frames, onChange, disabled }: { target: ImageTargetFormat; frames: Frames; onChange: (frames: Frames) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const files = useFileStore((state) => state.files);
  const animated = useAnimatedFiles(files.filter(isReady));
  const [first] = animated;
  if (!first) return null;
  const multi = keepsAllFrames(target);
  return (
    <Alert color="blue" variant="light" icon={<IconMovie size={18} />} p="xs" data-testid="image-animated">
      <Stack gap="xs">
        <Text fz="sm">
          {animated.length === 1
            ? t('images.convert.animated', { name: first.name, count: first.frames })
            : t('images.convert.animatedMany', { count: animated.length })}
        </Text>
        {multi ? (
          <Radio.Group value={frames} onChange={(value) => onChange(value as Frames)}>
            <Stack gap={6}>
              <Radio value="all" disabled={disabled} label={t('images.convert.framesAll', { format: target.toUpperCase() })} data-testid="image-frames-all" />
              <Radio value="first" disabled={disabled} label={t('images.convert.framesFirst')} data-testid="image-frames-first" />
            </Stack>
          </Radio.Group>
        ) : (
          <Text fz="sm" fw={600} data-testid="image-frames-only-first">{t('images.convert.onlyFirst', { format: target.toUpperCase() })}</Text>
        )}
      </Stack>
    </Alert>
  );
}

