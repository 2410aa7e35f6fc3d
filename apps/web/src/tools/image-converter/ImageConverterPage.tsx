import { conversionDefaults, toolByPageName, type ImageTargetFormat, type ToolDefinition } from '@pagewright/contracts';
import { ImageConvertPage } from '../shared/image/ImageConvertPage';

const imageConverter = toolByPageName('image-converter') as ToolDefinition;

/** Image Converter: PNG by default (SPEC §3 outputFormat). */
export default function ImageConverterPage() {
  return <ImageConvertPage tool={imageConverter} defaultTarget={conversionDefaults.outputFormat as ImageTargetFormat} />;
}
