import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageNav } from '../tools/shared/PageNav';
import { PagePreview } from '../tools/shared/PagePreview';
import { highlightBox, type CitationTarget } from './citations';
import classes from './ai.module.css';

/** About 1.5 times the pane's width for a letter page: sharp enough to read the cited passage. */
const viewerDpi = 120;

/**
 * The viewer beside the chat: one page of the document as the server renders it, with the
 * cited passage's rectangles laid over it as a translucent highlight (none when the passage
 * could not be located), and the passage's text under it.
 */
export function CitationViewer({ fileId, totalPages, target, onPage }: {
  fileId: string;
  totalPages: number;
  target: CitationTarget;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const page = Math.min(Math.max(1, target.page), Math.max(1, totalPages));
  return (
    <Paper withBorder radius="lg" p="sm" data-testid="citation-viewer" data-page={page} aria-label={t('ai.viewer.label')} role="region">
      <Stack gap="sm">
        {totalPages > 1 && <PageNav page={page} total={totalPages} onChange={onPage} />}
        <PagePreview fileId={fileId} page={page} dpi={viewerDpi} testId="citation-page">
          {(size) => target.rects.map((rect, i) => {
            const box = highlightBox(rect, size);
            return box ? <div key={i} className={classes.highlight} style={box} data-testid="citation-highlight" /> : null;
          })}
        </PagePreview>
        {target.quotes.map((quote, i) => (
          <blockquote key={i} className={classes.quote} data-testid="citation-quote">{quote}</blockquote>
        ))}
        {target.quotes.length > 0 && target.rects.length === 0 && (
          <Text fz="xs" c="dimmed">{t('ai.viewer.notLocated')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
