import { ActionIcon, Anchor, Box, Card, Checkbox, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconClockX, IconDots, IconDownload, IconExternalLink, IconFile, IconFolder, IconFolderSymlink, IconPencil, IconPhoto,
  IconShare, IconStar, IconStarFilled, IconTrash,
} from '@tabler/icons-react';
import { fileExtension, type CloudDocument } from '@pagewright/contracts';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageImageUrl } from '../api/client';
import { useLocalizedPath } from '../app/paths';
import { formatDateTime, formatFileSize } from '../i18n/format';
import { cloudSearchOf } from './cloudView';
import { cloudDragType, encodeDrag } from './dragMove';
import { isPdfName } from './names';
import { itemKey, itemName, type CloudItem, type ItemIds } from './selection';
import { useFolderDrop } from './useFolderDrop';
import classes from './cloud.module.css';

/** What a row can do; the browser decides how (dialogs, calls, navigation). */
export interface ItemActions {
  download: (items: CloudItem[]) => void;
  rename: (item: CloudItem) => void;
  move: (items: CloudItem[]) => void;
  share: (document: CloudDocument) => void;
  remove: (items: CloudItem[]) => void;
  star: (documents: CloudDocument[], starred: boolean) => void;
  /** Only in the Recent view. */
  removeFromRecent?: ((document: CloudDocument) => void) | undefined;
  /** The ids a drag of this row carries: the selection when the row is in it. */
  dragIds: (item: CloudItem) => ItemIds;
  dropInto: (ids: ItemIds, folderId: string) => void;
}

export type CloudLayout = 'list' | 'grid';

/** The editor page of a PDF document (SPEC §2: the pdf-editor opens a file_id). */
export function editorPath(document: CloudDocument): string {
  const query = new URLSearchParams({ file_id: document.file_id, name: document.name });
  return `/app/pdf-editor?${query.toString()}`;
}

export function CloudItems({ items, layout, selected, onToggle, actions, locationOf }: {
  items: CloudItem[];
  layout: CloudLayout;
  selected: ReadonlySet<string>;
  onToggle: (item: CloudItem) => void;
  actions: ItemActions;
  /** The folder of each document in a search's results. */
  locationOf?: ((document: CloudDocument) => string) | undefined;
}) {
  const Item = layout === 'grid' ? GridItem : ListItem;
  return (
    <Box className={layout === 'grid' ? classes.grid : classes.list} role="list" data-testid="cloud-items" data-layout={layout}>
      {items.map((item) => (
        <Item
          key={itemKey(item)}
          item={item}
          selected={selected.has(itemKey(item))}
          onToggle={() => onToggle(item)}
          actions={actions}
          location={item.kind === 'document' ? locationOf?.(item.document) : undefined}
        />
      ))}
    </Box>
  );
}

interface ItemProps {
  item: CloudItem;
  selected: boolean;
  onToggle: () => void;
  actions: ItemActions;
  location: string | undefined;
}

/** The row's drag source and, for a folder, drop target props. */
function useRowDrag(item: CloudItem, actions: ItemActions) {
  const drop = useFolderDrop(item.kind === 'folder' ? item.folder.folder_id : '', actions.dropInto);
  const dragProps = {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(cloudDragType, encodeDrag(actions.dragIds(item)));
      event.dataTransfer.effectAllowed = 'move';
    },
  };
  return {
    rowProps: { ...dragProps, ...(item.kind === 'folder' ? drop.props : {}) },
    over: item.kind === 'folder' && drop.over,
  };
}

function ListItem({ item, selected, onToggle, actions, location }: ItemProps) {
  const { t } = useTranslation();
  const { rowProps, over } = useRowDrag(item, actions);
  const name = itemName(item);
  return (
    <div
      role="listitem"
      className={classes.row}
      data-selected={selected || undefined}
      data-drop-over={over || undefined}
      data-testid="cloud-item"
      data-kind={item.kind}
      data-name={name}
      {...rowProps}
    >
      <Checkbox checked={selected} onChange={onToggle} aria-label={t('cloud.item.select', { name })} size="sm" data-testid="cloud-item-select" />
      <Thumbnail item={item} size="small" />
      <div className={classes.rowMain}>
        <ItemName item={item} onDownload={() => actions.download([item])} />
        <Text fz="xs" c="dimmed" truncate>{metaOf(item, location)}</Text>
      </div>
      {item.kind === 'document' && <StarButton document={item.document} onStar={actions.star} />}
      <ItemMenu item={item} actions={actions} />
    </div>
  );
}

function GridItem({ item, selected, onToggle, actions, location }: ItemProps) {
  const { t } = useTranslation();
  const { rowProps, over } = useRowDrag(item, actions);
  const name = itemName(item);
  return (
    <Card
      role="listitem"
      withBorder
      radius="md"
      padding={0}
      className={classes.card}
      data-selected={selected || undefined}
      data-drop-over={over || undefined}
      data-testid="cloud-item"
      data-kind={item.kind}
      data-name={name}
      {...rowProps}
    >
      <div className={classes.cardThumb}>
        <Thumbnail item={item} size="large" />
        <Checkbox
          className={classes.cardCheck}
          checked={selected}
          onChange={onToggle}
          aria-label={t('cloud.item.select', { name })}
          data-testid="cloud-item-select"
        />
      </div>
      <div className={classes.cardBody}>
        <div className={classes.rowMain}>
          <ItemName item={item} onDownload={() => actions.download([item])} />
          <Text fz="xs" c="dimmed" truncate>{metaOf(item, location)}</Text>
        </div>
        {item.kind === 'document' && <StarButton document={item.document} onStar={actions.star} />}
        <ItemMenu item={item} actions={actions} />
      </div>
    </Card>
  );
}

function metaOf(item: CloudItem, location: string | undefined): string {
  if (item.kind === 'folder') return formatDateTime(item.folder.updated_at);
  const parts = [formatFileSize(item.document.size), formatDateTime(item.document.updated_at)];
  if (location !== undefined) parts.push(location);
  return parts.join(' · ');
}

/** The name opens the item: a folder, a PDF in the editor; any other file downloads. */
function ItemName({ item, onDownload }: { item: CloudItem; onDownload: () => void }) {
  const localized = useLocalizedPath();
  const { t } = useTranslation();
  if (item.kind === 'folder') {
    return (
      <Anchor component={Link} to={{ search: cloudSearchOf({ kind: 'folder', folderId: item.folder.folder_id }).toString() }}
        className={classes.name} fz="sm" fw={600} c="inherit" data-testid="cloud-item-name" draggable={false}>
        {item.folder.name}
      </Anchor>
    );
  }
  if (isPdfName(item.document.name)) {
    return (
      <Anchor component={Link} to={localized(editorPath(item.document))} className={classes.name} fz="sm" fw={600} c="inherit"
        data-testid="cloud-item-name" draggable={false}>
        {item.document.name}
      </Anchor>
    );
  }
  return (
    <UnstyledButton className={classes.name} fz="sm" fw={600} onClick={onDownload} title={t('cloud.actions.download')} data-testid="cloud-item-name">
      {item.document.name}
    </UnstyledButton>
  );
}

/** A PDF's first page, loaded when it scrolls near; a folder or another file shows its icon. */
function Thumbnail({ item, size }: { item: CloudItem; size: 'small' | 'large' }) {
  const [failed, setFailed] = useState(false);
  const iconSize = size === 'small' ? 22 : 48;
  let content: ReactNode;
  if (item.kind === 'folder') {
    content = <IconFolder size={iconSize} stroke={1.5} color="var(--mantine-color-yellow-7)" aria-hidden="true" />;
  } else if (isPdfName(item.document.name) && !failed) {
    content = (
      <img
        src={pageImageUrl(item.document.file_id, 1, 40)}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        className={classes.thumbImage}
        onError={() => setFailed(true)}
        data-testid="cloud-thumbnail"
      />
    );
  } else {
    const image = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'webp'].includes(fileExtension(item.document.name));
    const Icon = image ? IconPhoto : IconFile;
    content = <Icon size={iconSize} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden="true" />;
  }
  return <div className={size === 'small' ? classes.thumbSmall : classes.thumbLarge}>{content}</div>;
}

function StarButton({ document, onStar }: { document: CloudDocument; onStar: ItemActions['star'] }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color={document.starred ? 'yellow.8' : 'gray'}
      onClick={() => onStar([document], !document.starred)}
      aria-label={t('cloud.item.star', { name: document.name })}
      aria-pressed={document.starred}
      data-testid="cloud-star"
    >
      {document.starred ? <IconStarFilled size={18} /> : <IconStar size={18} />}
    </ActionIcon>
  );
}

function ItemMenu({ item, actions }: { item: CloudItem; actions: ItemActions }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const name = itemName(item);
  const document = item.kind === 'document' ? item.document : null;
  return (
    <Menu position="bottom-end" shadow="md" radius="md" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.menuButton} aria-label={t('cloud.item.actions', { name })} data-testid="cloud-item-menu">
          <IconDots size={18} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="cloud-item-actions">
        {item.kind === 'folder' ? (
          <Menu.Item component={Link} to={{ search: cloudSearchOf({ kind: 'folder', folderId: item.folder.folder_id }).toString() }}
            leftSection={<IconExternalLink size={16} />} data-testid="item-open">
            {t('cloud.actions.open')}
          </Menu.Item>
        ) : document && isPdfName(document.name) ? (
          <Menu.Item component={Link} to={localized(editorPath(document))} leftSection={<IconExternalLink size={16} />} data-testid="item-open">
            {t('cloud.actions.open')}
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => actions.download([item])} data-testid="item-download">
          {t('cloud.actions.download')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.rename(item)} data-testid="item-rename">
          {t('cloud.actions.rename')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFolderSymlink size={16} />} onClick={() => actions.move([item])} data-testid="item-move">
          {t('cloud.actions.move')}
        </Menu.Item>
        {document && (
          <Menu.Item leftSection={<IconShare size={16} />} onClick={() => actions.share(document)} data-testid="item-share">
            {t('cloud.actions.share')}
          </Menu.Item>
        )}
        {document && actions.removeFromRecent && (
          <Menu.Item leftSection={<IconClockX size={16} />} onClick={() => actions.removeFromRecent?.(document)} data-testid="item-recent-remove">
            {t('cloud.actions.removeFromRecent')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconTrash size={16} />} onClick={() => actions.remove([item])} data-testid="item-delete">
          {t('cloud.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
