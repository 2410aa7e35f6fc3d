import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { ImageConvertPage } from '../shared/image/ImageConvertPage';

const imageToOthers = toolByPageName('image-to-others') as ToolDefinition;

/** Image to PDF and other formats: the converter with its tool's target, PDF, first. */
export default function ImageToOthersPage() {
  return <ImageConvertPage tool={imageToOthers} defaultTarget="pdf" />;
}
