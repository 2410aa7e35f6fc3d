import type { ToolDefinition, ToolPageName } from '@pagewright/contracts';
import { Box } from '@mantine/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { ToolIcon } from '../tools/ToolIcon';
import { UnavailableNotice } from '../workspace/UnavailableNotice';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';

/** Tools whose workspace is built; each loads on first visit. */
const workspaces: Partial<Record<ToolPageName, LazyExoticComponent<ComponentType>>> = {
  'merge-pdf': lazy(() => import('../tools/merge-pdf/MergePdfPage')),
  'split-pdf': lazy(() => import('../tools/split-pdf/SplitPdfPage')),
  'compress-pdf': lazy(() => import('../tools/compress-pdf/CompressPdfPage')),
  'rotate-pdf': lazy(() => import('../tools/rotate-pdf/RotatePdfPage')),
  'crop-pdf': lazy(() => import('../tools/crop-pdf/CropPdfPage')),
  'delete-pages': lazy(() => import('../tools/delete-pages/DeletePagesPage')),
  'rearrange-pdf-pages': lazy(() => import('../tools/rearrange-pdf-pages/RearrangePdfPage')),
  'extract-images-from-pdf': lazy(() => import('../tools/extract-images-from-pdf/ExtractImagesPage')),
  'protect-pdf': lazy(() => import('../tools/protect-pdf/ProtectPdfPage')),
  'unlock-pdf': lazy(() => import('../tools/unlock-pdf/UnlockPdfPage')),
  'redact-pdf': lazy(() => import('../tools/redact-pdf/RedactPdfPage')),
  'sign-pdf': lazy(() => import('../tools/sign-pdf/SignPdfPage')),
  'replace-text': lazy(() => import('../tools/replace-text/ReplaceTextPage')),
  OCR: lazy(() => import('../tools/OCR/OcrPage')),
  'jpg-to-pdf': lazy(() => import('../tools/jpg-to-pdf/JpgToPdfPage')),
  'image-compressor': lazy(() => import('../tools/image-compressor/ImageCompressorPage')),
  'crop-image': lazy(() => import('../tools/crop-image/CropImagePage')),
  'image-resizer': lazy(() => import('../tools/image-resizer/ImageResizerPage')),
  'rotate-image': lazy(() => import('../tools/rotate-image/RotateImagePage')),
  'image-converter': lazy(() => import('../tools/image-converter/ImageConverterPage')),
  'image-to-others': lazy(() => import('../tools/image-to-others/ImageToOthersPage')),
  'word-to-pdf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('word-to-pdf'))),
  'excel-to-pdf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('excel-to-pdf'))),
  'ppt-to-pdf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('ppt-to-pdf'))),
  'pub-to-pdf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pub-to-pdf'))),
  'rtf-to-pdf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('rtf-to-pdf'))),
  'txt-to-pdf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('txt-to-pdf'))),
  'pdf-to-word': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-word'))),
  'pdf-to-excel': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-excel'))),
  'pdf-to-ppt': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-ppt'))),
  'pdf-to-jpg': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-jpg'))),
  'pdf-to-html': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-html'))),
  'pdf-to-txt': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-txt'))),
  'pdf-to-rtf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-rtf'))),
  'pdf-to-epub': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-epub'))),
  'pdf-to-dxf': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-dxf'))),
  'pdf-to-pages': lazy(() => import('../tools/convert/ConvertPage').then((m) => m.conversionPage('pdf-to-pages'))),
};

/** /app/<tool page name>: the tool's workspace, or a notice that it is not built yet. */
export function ToolPage({ tool }: { tool: ToolDefinition }) {
  const { t } = useTranslation();
  const title = t(`tools.${tool.pageName}.title`);
  useDocumentTitle(title);
  const Page = workspaces[tool.pageName];
  if (Page) return <Page />;
  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <WorkspaceHeader icon={<ToolIcon tool={tool} size="xl" />} title={title} description={t(`tools.${tool.pageName}.description`)} />
      <UnavailableNotice name={title} />
    </Box>
  );
}
