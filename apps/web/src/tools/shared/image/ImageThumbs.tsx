import { Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '../../../files/fileStore';
import { useObjectUrl } from './useLocalImage';
import classes from './image.module.css';

/**
 * Thumbnails of the picked images, drawn by the browser from the files themselves; `transform`
 * previews an operation (rotate-image turns and flips them).
 */
export function ImageThumbs({ files, transform }: { files: FileItem[]; transform?: string }) {
  if (files.length === 0) return null;
  return (
    <div className={classes.thumbs} data-testid="image-thumbs">
      {files.map((file) => <Thumb key={file.uid} file={file} style={transform ? { transform } : undefined} />)}
    </div>
  );
}

function Thumb({ file, style }: { file: FileItem; style: CSSProperties | undefined }) {
  const { t } = useTranslation();
  const url = useObjectUrl(file.raw);
  const [failed, setFailed] = useState(false);
  return (
    <figure className={classes.thumb} style={{ margin: 0 }} data-testid="image-thumb" data-file-name={file.name}>
      <div className={classes.thumbFrame}>
        {url && !failed ? (
          <img src={url} alt={t('images.thumbAlt', { name: file.name })} className={classes.thumbImage} style={style} draggable={false} onError={() => setFailed(true)} data-testid="image-thumb-img" />
        ) : (
          <IconPhoto size={40} stroke={1.2} aria-hidden="true" style={style} />
        )}
      </div>
      <Text component="figcaption" fz="xs" c="dimmed" truncate="end" title={file.name}>{file.name}</Text>
    </figure>
  );
}
