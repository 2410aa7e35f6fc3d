import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { compressLevels, toolByPageName, type CompressLevel, type ToolDefinition } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileStore } from '../../files/fileStore';
import { formatFileSize } from '../../i18n/format';
import { PanelTitle } from '../shared/PanelTitle';
import { ImageWorkspace } from '../shared/image/ImageWorkspace';
import { saving } from '../shared/image/imageChecks';

const imageCompressor = toolByPageName('image-compressor') as ToolDefinition;

/**
 * Compress Image (images_process mode compress): JPEG re-encoded, PNG quantised, WebP and GIF
 * optimised, never larger than the input; metadata stripped unless kept.
 */
export default function ImageCompressorPage() {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [level, setLevel] = useState<CompressLevel>('medium');
  const [keepMetadata, setKeepMetadata] = useState(false);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('images.compress.panelTitle')} hint={t('images.compress.hint')} />
      <Radio.Group value={level} onChange={(value) => setLevel(value as CompressLevel)}>
        <Stack gap="sm">
          {compressLevels.map((value) => (
            <Radio
              key={value}
              value={value}
              disabled={running}
              label={t(`images.compress.levels.${value}.label`)}
              description={t(`images.compress.levels.${value}.description`)}
              data-testid={`image-compress-level-${value}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label={t('images.compress.keepMetadata')}
        description={t('images.compress.keepMetadataHint')}
        checked={keepMetadata}
        onChange={(event) => setKeepMetadata(event.currentTarget.checked)}
        disabled={running}
        data-testid="image-keep-metadata"
      />
    </Stack>
  );

  return (
    <ImageWorkspace
      tool={imageCompressor}
      request={{ mode: 'compress', level, keep_metadata: keepMetadata }}
      sidePanel={panel}
      resultExtra={<CompressionResult />}
    />
  );
}

/** Bytes before and after, from what each finished task reported (task item detail). */
function CompressionResult() {
  const { t } = useTranslation();
  const details = useFileStore((state) => state.task.details);
  let input = 0;
  let output = 0;
  for (const detail of details ?? []) {
    const inSize = detail?.['input_size'];
    const outSize = detail?.['output_size'];
    if (typeof inSize !== 'number' || typeof outSize !== 'number') return null;
    input += inSize;
    output += outSize;
  }
  if (input === 0) return null;
  const { percent, saved } = saving(input, output);
  if (saved === 0) {
    return <Text fz="sm" c="orange.8" data-testid="image-saving" data-before={input} data-after={output}>{t('images.compress.nothingSaved')}</Text>;
  }
  return (
    <Text fz="sm" fw={600} c="teal.8" data-testid="image-saving" data-before={input} data-after={output}>
      {t('images.compress.saved', { percent, before: formatFileSize(input), after: formatFileSize(output) })}
    </Text>
  );
}
