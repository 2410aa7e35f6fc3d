import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { askPasswordAgain, removeFile, retryUpload } from '../files/fileProcessing';
import { useFileStore } from '../files/fileStore';
import { FileRow } from './FileRow';
import classes from './FileList.module.css';

const rowType = 'application/x-pagewright-file';

/**
 * The ordered file list: rows reorder by drag and drop or by their up and down buttons, and
 * each move is announced for screen readers. `locked` freezes the list while a task runs;
 * `readOnly` shows it without controls, beside a finished run's result.
 */
export function FileList({ locked, readOnly = false }: { locked: boolean; readOnly?: boolean }) {
  const { t } = useTranslation();
  const files = useFileStore((state) => state.files);
  const move = useFileStore((state) => state.move);
  const [draggedUid, setDraggedUid] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<{ index: number; position: 'before' | 'after' } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const moveTo = (uid: string, toIndex: number) => {
    const file = files.find((candidate) => candidate.uid === uid);
    if (!file || toIndex < 0 || toIndex >= files.length) return;
    move(uid, toIndex);
    setAnnouncement(t('workspace.moved', { name: file.name, position: toIndex + 1, count: files.length }));
  };

  const endDrag = () => {
    setDraggedUid(null);
    setDropTarget(null);
  };

  const onDragOver = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    if (!draggedUid || !Array.from(event.dataTransfer.types).includes(rowType)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const position = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
    if (dropTarget?.index !== index || dropTarget.position !== position) setDropTarget({ index, position });
  };

  const onDrop = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    if (!draggedUid || !Array.from(event.dataTransfer.types).includes(rowType)) return;
    event.preventDefault();
    const from = files.findIndex((file) => file.uid === draggedUid);
    const position = dropTarget?.position ?? 'before';
    let to = position === 'before' ? index : index + 1;
    if (from < to) to -= 1;
    moveTo(draggedUid, to);
    endDrag();
  };

  return (
    <>
      <ol className={classes.list} aria-label={t('workspace.fileList')} data-testid="file-list">
        {files.map((file, index) => (
          <FileRow
            key={file.uid}
            file={file}
            index={index}
            count={files.length}
            locked={locked || readOnly}
            readOnly={readOnly}
            dragging={draggedUid === file.uid}
            dropPosition={dropTarget?.index === index && draggedUid !== file.uid ? dropTarget.position : null}
            onMove={(toIndex) => moveTo(file.uid, toIndex)}
            onRemove={() => {
              removeFile(file.uid);
              setAnnouncement(t('workspace.removed', { name: file.name }));
            }}
            onRetry={() => retryUpload(file.uid)}
            onUnlock={() => askPasswordAgain(file.uid)}
            onDragStart={(event) => {
              event.dataTransfer.setData(rowType, file.uid);
              event.dataTransfer.effectAllowed = 'move';
              setDraggedUid(file.uid);
            }}
            onDragOver={onDragOver(index)}
            onDrop={onDrop(index)}
            onDragEnd={endDrag}
          />
        ))}
      </ol>
      <div className={classes.srOnly} aria-live="polite" role="status">{announcement}</div>
    </>
  );
}
