import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageImageUrl } from '../../api/client';
import classes from './PageThumbs.module.css';

const THUMB_DPI = 20;

/**
 * Small page images to pick pages by clicking (delete-pages) or to see a change on the pages
 * it applies to (rotate-pdf: `rotation` turns the chosen ones).
 */
export function PageThumbs({ fileId, password, total, selected, onToggle, rotation = 0, tone = 'select', disabled }: {
  fileId: string;
  password?: string | undefined;
  total: number;
  selected: ReadonlySet<number>;
  onToggle?: (page: number) => void;
  rotation?: number;
  tone?: 'select' | 'delete';
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const pages = Array.from({ length: Math.min(total, 200) }, (_, i) => i + 1);
  return (
    <div className={classes.grid} data-testid="page-thumbs">
      {pages.map((page) => {
        const on = selected.has(page);
        const image = (
          <>
            <div className={classes.frame}>
              <img
                src={pageImageUrl(fileId, page, THUMB_DPI, password)}
                alt={t('preview.pageAlt', { page })}
                className={classes.image}
                style={on && rotation ? { transform: `rotate(${rotation}deg)` } : undefined}
                loading="lazy"
                draggable={false}
              />
            </div>
            <Text fz="xs" fw={600} ta="center" mt={4}>{page}</Text>
          </>
        );
        return onToggle ? (
          <UnstyledButton
            key={page}
            className={classes.thumb}
            data-selected={on || undefined}
            data-tone={tone}
            aria-pressed={on}
            aria-label={t('preview.pageAlt', { page })}
            onClick={() => onToggle(page)}
            disabled={disabled}
            data-testid="page-thumb"
            data-page={page}
          >
            {image}
          </UnstyledButton>
        ) : (
          <div key={page} className={classes.thumb} data-selected={on || undefined} data-tone={tone} data-testid="page-thumb" data-page={page}>
            {image}
          </div>
        );
      })}
    </div>
  );
}
