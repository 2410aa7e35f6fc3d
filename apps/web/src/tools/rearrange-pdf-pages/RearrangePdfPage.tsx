import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { IconArrowLeft, IconArrowRight, IconRefresh, IconRotateClockwise, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageImageUrl, startTool } from '../../api/client';
import { useFileStore, type FileItem } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { moveItem, type PageTile } from './pageTiles';
import classes from './Rearrange.module.css';
import { useValidation } from '../../workspace/useValidation';

const rearrange = toolByPageName('rearrange-pdf-pages') as ToolDefinition;
const THUMB_DPI = 24;
const dragType = 'application/x-pagewright-page';

const initialTiles = (total: number): PageTile[] => Array.from({ length: total }, (_, i) => ({ page: i + 1, rotation: 0 }));

/**
 * Rearrange PDF pages (SPEC §7 POST extract_page with order and rotations): page thumbnails
 * to drag into a new order, turn and delete in one view.
 */
export default function RearrangePdfPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const total = file?.ossInfo?.total_page ?? 0;
  const fileId = file ? fileIdOf(file) : '';
  const [tiles, setTiles] = useState<PageTile[]>(() => initialTiles(total));
  const { checked, validated } = useValidation();

  // A new document starts from its own pages in their order.
  useEffect(() => setTiles(initialTiles(total)), [fileId, total]);

  const error = tiles.length === 0 ? t('rearrange.empty') : null;
  const unchanged = tiles.length === total && tiles.every((tile, i) => tile.page === i + 1 && tile.rotation === 0);

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    const rotations: Record<string, 0 | 90 | 180 | 270> = {};
    for (const tile of tiles) if (tile.rotation !== 0) rotations[String(tile.page)] = tile.rotation;
    return startTool('extractPage', {
      file_id: fileIdOf(target),
      order: tiles.map((tile) => tile.page),
      ...(Object.keys(rotations).length > 0 ? { rotations } : {}),
      password: passwordOf(target),
    }, signal);
  };

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('rearrange.panelTitle')} hint={t('rearrange.hint')} />
      <Text fz="sm" data-testid="rearrange-summary">{t('rearrange.summary', { kept: tiles.length, total })}</Text>
      <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} onClick={() => setTiles(initialTiles(total))} disabled={running || unchanged}>
        {t('rearrange.reset')}
      </Button>
      {checked && error && <Text fz="sm" c="red.7">{error}</Text>}
    </Stack>
  );

  return (
    <Workspace
      tool={rearrange}
      createTask={createTask}
      sidePanel={panel}
      editor={file ? <PageGrid file={file} tiles={tiles} onChange={setTiles} disabled={running} /> : null}
      validate={() => validated(error === null)}
    />
  );
}

function PageGrid({ file, tiles, onChange, disabled }: {
  file: FileItem;
  tiles: PageTile[];
  onChange: (tiles: PageTile[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const fileId = fileIdOf(file);
  const password = passwordOf(file);

  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null) onChange(moveItem(tiles, dragged, index));
    setDragged(null);
    setOver(null);
  };

  return (
    <ol className={classes.grid} aria-label={t('rearrange.gridLabel')} data-testid="page-grid">
      {tiles.map((tile, index) => (
        <li
          key={tile.page}
          className={classes.tile}
          data-testid="page-tile"
          data-page={tile.page}
          data-rotation={tile.rotation}
          data-over={over === index || undefined}
          data-dragging={dragged === index || undefined}
          draggable={!disabled}
          onDragStart={(event) => {
            event.dataTransfer.setData(dragType, String(index));
            event.dataTransfer.effectAllowed = 'move';
            setDragged(index);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            if (over !== index) setOver(index);
          }}
          onDragLeave={() => setOver((current) => (current === index ? null : current))}
          onDrop={onDrop(index)}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
        >
          <div className={classes.thumbFrame}>
            <img
              src={pageImageUrl(fileId, tile.page, THUMB_DPI, password)}
              alt={t('preview.pageAlt', { page: tile.page })}
              className={classes.thumb}
              style={{ transform: `rotate(${tile.rotation}deg)` }}
              draggable={false}
              loading="lazy"
            />
          </div>
          <Group justify="space-between" gap={2} wrap="nowrap" mt={6}>
            <Text fz="xs" fw={700} aria-label={t('rearrange.position', { position: index + 1, page: tile.page })}>
              {index + 1}
              {tile.page !== index + 1 && <Text span fz="xs" c="dimmed" fw={400}> ({t('rearrange.was', { page: tile.page })})</Text>}
            </Text>
            <Group gap={0} wrap="nowrap">
              <TileButton label={t('rearrange.moveLeft')} ariaLabel={t('rearrange.moveLeftPage', { page: tile.page })} testId="tile-left" disabled={disabled || index === 0} onClick={() => onChange(moveItem(tiles, index, index - 1))}>
                <IconArrowLeft size={14} />
              </TileButton>
              <TileButton label={t('rearrange.moveRight')} ariaLabel={t('rearrange.moveRightPage', { page: tile.page })} testId="tile-right" disabled={disabled || index === tiles.length - 1} onClick={() => onChange(moveItem(tiles, index, index + 1))}>
                <IconArrowRight size={14} />
              </TileButton>
              <TileButton
                label={t('rearrange.rotate')}
                ariaLabel={t('rearrange.rotatePage', { page: tile.page })}
                testId="tile-rotate"
                disabled={disabled}
                onClick={() => onChange(tiles.map((other) => (other.page === tile.page ? { ...other, rotation: ((other.rotation + 90) % 360) as PageTile['rotation'] } : other)))}
              >
                <IconRotateClockwise size={14} />
              </TileButton>
              <TileButton
                label={t('rearrange.delete')}
                ariaLabel={t('rearrange.deletePage', { page: tile.page })}
                testId="tile-delete"
                color="red"
                disabled={disabled}
                onClick={() => onChange(tiles.filter((other) => other.page !== tile.page))}
              >
                <IconTrash size={14} />
              </TileButton>
            </Group>
          </Group>
        </li>
      ))}
    </ol>
  );
}

/** One of a tile's small icon buttons, with its tooltip. */
function TileButton({ label, ariaLabel, testId, color = 'gray', disabled, onClick, children }: {
  label: string;
  ariaLabel: string;
  testId: string;
  color?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon size="sm" variant="subtle" color={color} disabled={disabled} onClick={onClick} aria-label={ariaLabel} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
