import { Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { FileItem } from '../../files/fileStore';
import { PageNav } from './PageNav';
import { PagePreview, dpiFor, type PageSize } from './PagePreview';
import { fileIdOf, passwordOf } from './readyFile';

/** The width in pixels a page editor's preview is drawn at. */
const EDITOR_WIDTH_PX = 700;

/** A page's size from the upload's info, until its image has been measured (US Letter if unknown). */
export function defaultPageSize(file: FileItem | undefined): PageSize {
  return { w: file?.ossInfo?.page_w ?? 612, h: file?.ossInfo?.page_h ?? 792 };
}

/**
 * The page shown in a page editor. A new document (single upload replaces the file) starts on
 * page 1; `documentId` is returned so the page can drop the old document's marks too.
 */
export function usePreviewPage(file: FileItem | undefined) {
  const [page, setPage] = useState(1);
  const documentId = file ? fileIdOf(file) : '';
  useEffect(() => {
    setPage(1);
  }, [documentId]);
  return { page, setPage, documentId };
}

/**
 * A page editor: an optional header, one page of the document drawn with `children` laid over
 * it (crop box, redaction boxes, signatures), and previous / next buttons for a longer document.
 */
export function PagedPreview({ file, page, onPageChange, onSize, header, children }: {
  file: FileItem;
  page: number;
  onPageChange: (page: number) => void;
  onSize?: (size: PageSize) => void;
  header?: ReactNode;
  children: (size: PageSize) => ReactNode;
}) {
  const total = file.ossInfo?.total_page ?? 1;
  return (
    <Stack gap="sm">
      {header}
      <PagePreview
        fileId={fileIdOf(file)}
        password={passwordOf(file)}
        page={page}
        dpi={dpiFor(file.ossInfo?.page_w, EDITOR_WIDTH_PX)}
        onSize={onSize}
      >
        {children}
      </PagePreview>
      {total > 1 && <PageNav page={page} total={total} onChange={onPageChange} />}
    </Stack>
  );
}
