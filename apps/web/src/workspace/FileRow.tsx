import { ActionIcon, Badge, Group, Progress, Text, Tooltip } from '@mantine/core';
import { fileExtension } from '@pagewright/contracts';
import { IconArrowDown, IconArrowUp, IconFile, IconFileTypePdf, IconGripVertical, IconKey, IconPhoto, IconRefresh, IconX } from '@tabler/icons-react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '../files/fileStore';
import { formatFileSize } from '../i18n/format';
import { errorMessage } from '../toasts/errorToast';
import { fileStatus, statusTone, toneColors } from './fileStatus';
import classes from './FileList.module.css';

export interface FileRowProps {
  file: FileItem;
  index: number;
  count: number;
  locked: boolean;
  readOnly: boolean;
  dropPosition: 'before' | 'after' | null;
  dragging: boolean;
  onMove: (toIndex: number) => void;
  onRemove: () => void;
  onRetry: () => void;
  onUnlock: () => void;
  onDragStart: (event: DragEvent<HTMLLIElement>) => void;
  onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
}

export function FileRow(props: FileRowProps) {
  const { file, index, count, locked } = props;
  const { t } = useTranslation();
  const status = fileStatus(file);
  const tone = statusTone(status);
  const pages = file.ossInfo?.total_page;
  const uploading = status === 'ossUploading';
  return (
    <li
      className={classes.row}
      data-testid="file-row"
      data-state={file.state}
      data-status={status}
      data-file-name={file.name}
      data-drop={props.dropPosition ?? undefined}
      data-dragging={props.dragging || undefined}
      data-readonly={props.readOnly || undefined}
      draggable={!locked}
      onDragStart={props.onDragStart}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      onDragEnd={props.onDragEnd}
    >
      {!props.readOnly && (
        <span className={classes.handle} aria-hidden="true" title={t('workspace.dragHandle', { name: file.name })}>
          <IconGripVertical size={18} />
        </span>
      )}
      <span className={classes.position} aria-hidden="true">{index + 1}</span>
      <FileIcon name={file.name} />
      <div className={classes.main}>
        <Text fw={600} fz="sm" truncate="end" title={file.name} data-testid="file-name">
          {file.name}
        </Text>
        <Group gap={8} wrap="nowrap" mt={2}>
          <Text fz="xs" c="dimmed" data-testid="file-size">{formatFileSize(file.size)}</Text>
          {pages !== undefined && (
            <Text fz="xs" c="dimmed" data-testid="file-pages">· {t('workspace.pages', { count: pages })}</Text>
          )}
        </Group>
        {uploading && (
          <Progress
            value={file.percentage}
            size="sm"
            mt={6}
            radius="xl"
            animated
            aria-label={t('workspace.states.ossUploading')}
            data-testid="upload-progress"
          />
        )}
        {(tone === 'failed' && file.errorCode !== undefined) && (
          <Text fz="xs" c="red.7" mt={4}>{errorMessage(file.errorCode)}</Text>
        )}
      </div>
      <Badge
        color={toneColors[tone]}
        variant="light"
        className={classes.status}
        data-testid="file-status"
        style={{ textTransform: 'none' }}
      >
        {t(`workspace.states.${status}`)}{uploading ? ` ${file.percentage}%` : ''}
      </Badge>
      {!props.readOnly && <Group gap={2} wrap="nowrap" className={classes.actions}>
        {file.state === 'ossUploadFailed' && (
          <Tooltip label={t('workspace.retryUpload', { name: file.name })}>
            <ActionIcon variant="subtle" onClick={props.onRetry} aria-label={t('workspace.retryUpload', { name: file.name })} data-testid="retry-upload">
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {file.state === 'encrypted' && (
          <Tooltip label={t('workspace.unlock')}>
            <ActionIcon variant="light" color="yellow" onClick={props.onUnlock} disabled={locked} aria-label={t('workspace.unlockFile', { name: file.name })} data-testid="unlock-file">
              <IconKey size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => props.onMove(index - 1)}
          disabled={locked || index === 0}
          aria-label={t('workspace.moveUp', { name: file.name })}
          data-testid="move-up"
        >
          <IconArrowUp size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => props.onMove(index + 1)}
          disabled={locked || index === count - 1}
          aria-label={t('workspace.moveDown', { name: file.name })}
          data-testid="move-down"
        >
          <IconArrowDown size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={props.onRemove}
          disabled={locked}
          aria-label={t('workspace.remove', { name: file.name })}
          data-testid="remove-file"
        >
          <IconX size={18} />
        </ActionIcon>
      </Group>}
    </li>
  );
}

const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif', 'tiff', 'tif', 'webp']);

function FileIcon({ name }: { name: string }) {
  const ext = fileExtension(name);
  const Icon = ext === 'pdf' ? IconFileTypePdf : imageExtensions.has(ext) ? IconPhoto : IconFile;
  return <Icon size={30} stroke={1.4} className={classes.fileIcon} aria-hidden="true" />;
}
