import { Box, Center, Loader, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageImageUrl } from '../../api/client';
import classes from './shared.module.css';

/** A page's size in PDF points, as displayed (rotation applied). */
export interface PageSize {
  w: number;
  h: number;
}

/** The page-image resolution that draws a page about `widthPx` wide. */
export function dpiFor(pageWidthPt: number | undefined, widthPx: number): number {
  const inches = (pageWidthPt && pageWidthPt > 0 ? pageWidthPt : 612) / 72;
  return Math.round(Math.min(150, Math.max(20, widthPx / inches)));
}

/**
 * One page drawn by the server's page-image call. Its size in points is read from the PNG's
 * natural size (pixels × 72 / dpi), so each page gets its own size; `children` get that size
 * and are laid over the image, in the same box.
 */
export function PagePreview({ fileId, password, page, dpi, children, onSize, maxHeight, testId = 'page-preview' }: {
  fileId: string;
  password?: string | undefined;
  page: number;
  dpi: number;
  children?: (size: PageSize) => ReactNode;
  onSize?: (size: PageSize) => void;
  maxHeight?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const url = pageImageUrl(fileId, page, dpi, password);
  const [state, setState] = useState<{ url: string; size?: PageSize; failed?: boolean }>({ url });
  const current = state.url === url ? state : { url };

  useEffect(() => {
    if (current.size) onSize?.(current.size);
  }, [current.size, onSize]);

  return (
    <Box className={classes.previewFrame} data-testid={testId} data-page={page} data-loaded={current.size ? 'true' : undefined}>
      {current.failed ? (
        <Center className={classes.previewPlaceholder}><Text fz="sm" c="dimmed">{t('preview.failed')}</Text></Center>
      ) : (
        <div className={classes.previewPage} style={maxHeight && current.size ? { maxWidth: (maxHeight * current.size.w) / current.size.h } : undefined}>
          <img
            key={url}
            src={url}
            alt={t('preview.pageAlt', { page })}
            className={classes.previewImage}
            draggable={false}
            onLoad={(event) => {
              const img = event.currentTarget;
              setState({ url, size: { w: (img.naturalWidth * 72) / dpi, h: (img.naturalHeight * 72) / dpi } });
            }}
            onError={() => setState({ url, failed: true })}
          />
          {!current.size && <Center className={classes.previewLoading}><Loader size="sm" /></Center>}
          {current.size && children && <div className={classes.previewOverlay}>{children(current.size)}</div>}
        </div>
      )}
    </Box>
  );
}
