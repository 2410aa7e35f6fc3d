/**
 * The editor's tool bar (SPEC §3 tool-bar state): the annotate tools, the settings of the
 * selected tool (highlight fill and opacity, stroke colour and width, line ends, the annotate
 * font), undo, redo, delete, zoom, and FIND mode's search.
 */
import { alignments, annotateFontFamilies, lineEnds, lineStyles, type LineEnd } from '@pagewright/contracts';
import { ActionIcon, ColorInput, Group, Loader, NumberInput, Select, Slider, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp, IconArrowForwardUp, IconBold, IconCircle, IconHighlight, IconItalic, IconLine, IconMessage,
  IconPencil, IconPointer, IconSearch, IconSquare, IconStrikethrough, IconTextSize, IconTrash, IconUnderline,
  IconZoomIn, IconZoomOut, IconChevronUp, IconChevronDown, IconX, IconWaveSine, IconShare, IconRubberStamp, IconPhoto, IconSignature,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './editor.module.css';
import { annotateTools, deleteActive, editTools, redo, setFont, setTool, undo, useEditor, type AnnotateTool } from './editorStore';
import { StampToolbar } from './stamps';

const toolIcons: Record<AnnotateTool, ReactNode> = {
  SELECT: <IconPointer size={18} />,
  HIGHLIGHT: <IconHighlight size={18} />,
  UNDERLINE: <IconUnderline size={18} />,
  SQUIGGLY: <IconWaveSine size={18} />,
  STRIKEOUT: <IconStrikethrough size={18} />,
  TEXT: <IconTextSize size={18} />,
  RECTANGLE: <IconSquare size={18} />,
  CIRCLE: <IconCircle size={18} />,
  LINE: <IconLine size={18} />,
  DRAW: <IconPencil size={18} />,
  STICKER: <IconMessage size={18} />,
  STAMP: <IconRubberStamp size={18} />,
  IMAGE: <IconPhoto size={18} />,
  SIGN: <IconSignature size={18} />,
};

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

export function EditorToolbar({ exporting, onFind, onFindStep, onShare }: {
  exporting: number | null;
  onFind: (query: string) => void;
  onFindStep: (step: 1 | -1) => void;
  onShare: () => void;
}) {
  const { t } = useTranslation();
  // SPEC §4: share from the editor is offered on the desktop only.
  const desktop = useMediaQuery('(min-width: 769px)');
  const state = useEditor();
  const active = state.items.find((i) => i.id === state.activeId);
  const showFont = state.tool === 'TEXT' || active?.kind === 'free text' || active?.kind === 'text block';
  // Edit mode changes the page's content: its own tools, whose TEXT and IMAGE add a text block and a picture to the page.
  const editMode = state.baseMode === 'CONTENT_EDIT';
  const label = (tool: AnnotateTool): string => (editMode && (tool === 'TEXT' || tool === 'IMAGE') ? t(`editor.editTools.${tool}`) : t(`editor.tools.${tool}`));
  const showStroke = ['RECTANGLE', 'CIRCLE', 'LINE', 'DRAW', 'UNDERLINE', 'SQUIGGLY', 'STRIKEOUT', 'STAMP'].includes(state.tool);
  const zoom = (direction: 1 | -1) => {
    const index = ZOOM_STEPS.findIndex((z) => z >= state.scale - 1e-6);
    const next = ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, index + direction))]!;
    useEditor.setState({ scale: next });
  };

  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('editor.toolbar')}>
      <Group gap={2} wrap="nowrap">
        {(editMode ? editTools : annotateTools).map((tool) => (
          <Tooltip key={tool} label={label(tool)} withArrow>
            <ActionIcon
              variant={state.tool === tool ? 'filled' : 'subtle'} color="violet" size="lg"
              aria-label={label(tool)} aria-pressed={state.tool === tool} data-tool={tool}
              onClick={() => setTool(tool)}
            >
              {toolIcons[tool]}
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
      {state.tool === 'HIGHLIGHT' && (
        <Group gap={6} wrap="nowrap">
          <ColorInput withEyeDropper={false} size="xs" w={110} aria-label={t('editor.fill')} value={state.highlight.fill} onChange={(fill) => /^#[0-9a-f]{6}$/i.test(fill) && useEditor.setState({ highlight: { ...state.highlight, fill } })} />
          <Text fz="xs">{t('editor.opacity')}</Text>
          <Slider w={90} size="sm" min={0.1} max={1} step={0.05} label={(v) => `${Math.round(v * 100)}%`} aria-label={t('editor.opacity')} value={state.highlight.opacity} onChange={(opacity) => useEditor.setState({ highlight: { ...state.highlight, opacity } })} />
        </Group>
      )}
      {showStroke && (
        <Group gap={6} wrap="nowrap">
          <ColorInput withEyeDropper={false} size="xs" w={110} aria-label={t('editor.color')} value={state.stroke.color} onChange={(color) => /^#[0-9a-f]{6}$/i.test(color) && useEditor.setState({ stroke: { ...state.stroke, color } })} />
          <NumberInput size="xs" w={70} min={1} max={20} aria-label={t('editor.width')} value={state.stroke.width} onChange={(v) => typeof v === 'number' && useEditor.setState({ stroke: { ...state.stroke, width: v } })} />
        </Group>
      )}
      <StampToolbar tool={state.tool} />
      {state.tool === 'LINE' && (
        <Group gap={6} wrap="nowrap">
          {(['start', 'end'] as const).map((side) => (
            <Select
              key={side} size="xs" w={110} aria-label={t(`editor.lineEnd.${side}`)} allowDeselect={false}
              data={lineEnds.map((end) => ({ value: end, label: t(`editor.lineEnds.${end}`) }))}
              value={state.lineEnds[side]}
              onChange={(v) => v && useEditor.setState({ lineEnds: { ...state.lineEnds, [side]: v as LineEnd } })}
            />
          ))}
        </Group>
      )}
      {showFont && (
        <Group gap={4} wrap="nowrap">
          <Select size="xs" w={110} aria-label={t('editor.font.family')} allowDeselect={false} data={[...annotateFontFamilies]} value={state.font.family} onChange={(v) => v && setFont({ family: v as never })} />
          <NumberInput size="xs" w={64} min={4} max={144} aria-label={t('editor.font.size')} value={state.font.size} onChange={(v) => typeof v === 'number' && v >= 4 && setFont({ size: v })} />
          <ColorInput withEyeDropper={false} size="xs" w={100} aria-label={t('editor.font.color')} value={state.font.color} onChange={(color) => /^#[0-9a-f]{6}$/i.test(color) && setFont({ color })} />
          <ActionIcon variant={state.font.bold ? 'filled' : 'subtle'} aria-label={t('editor.font.bold')} aria-pressed={state.font.bold} onClick={() => setFont({ bold: !state.font.bold })}><IconBold size={16} /></ActionIcon>
          <ActionIcon variant={state.font.italic ? 'filled' : 'subtle'} aria-label={t('editor.font.italic')} aria-pressed={state.font.italic} onClick={() => setFont({ italic: !state.font.italic })}><IconItalic size={16} /></ActionIcon>
          <Select size="xs" w={110} aria-label={t('editor.font.lineStyle')} allowDeselect={false} data={lineStyles.map((v) => ({ value: v, label: t(`editor.lineStyles.${v}`) }))} value={state.font.line_style} onChange={(v) => v && setFont({ line_style: v as never })} />
          <Select size="xs" w={100} aria-label={t('editor.font.alignment')} allowDeselect={false} data={alignments.filter((a) => a !== 'unknown' && a !== 'justify').map((v) => ({ value: v, label: t(`editor.alignments.${v}`) }))} value={state.font.alignment} onChange={(v) => v && setFont({ alignment: v as never })} />
        </Group>
      )}
      <Group gap={2} wrap="nowrap" ml="auto">
        <ActionIcon variant="subtle" aria-label={t('editor.undo')} disabled={state.past.length === 0} onClick={undo}><IconArrowBackUp size={18} /></ActionIcon>
        <ActionIcon variant="subtle" aria-label={t('editor.redo')} disabled={state.future.length === 0} onClick={redo}><IconArrowForwardUp size={18} /></ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={t('editor.delete')} disabled={state.activeId === null} onClick={deleteActive}><IconTrash size={18} /></ActionIcon>
        <ActionIcon variant="subtle" aria-label={t('editor.zoomOut')} onClick={() => zoom(-1)}><IconZoomOut size={18} /></ActionIcon>
        <Text fz="xs" w={40} ta="center" data-testid="editor-zoom">{Math.round(state.scale * 100)}%</Text>
        <ActionIcon variant="subtle" aria-label={t('editor.zoomIn')} onClick={() => zoom(1)}><IconZoomIn size={18} /></ActionIcon>
        {state.mode === 'FIND' ? (
          <Group gap={2} wrap="nowrap">
            <TextInput
              size="xs" w={150} autoFocus placeholder={t('editor.find.placeholder')} aria-label={t('editor.find.label')}
              defaultValue={state.find.query}
              onKeyDown={(e) => { if (e.key === 'Enter') onFind(e.currentTarget.value); if (e.key === 'Escape') closeFind(); }}
            />
            <Text fz="xs" miw={50} ta="center" data-testid="find-count">
              {state.find.searching ? <Loader size={12} /> : state.find.hits.length === 0 ? (state.find.query ? t('editor.find.none') : '') : `${state.find.current + 1} / ${state.find.hits.length}`}
            </Text>
            <ActionIcon variant="subtle" aria-label={t('editor.find.previous')} disabled={state.find.hits.length === 0} onClick={() => onFindStep(-1)}><IconChevronUp size={16} /></ActionIcon>
            <ActionIcon variant="subtle" aria-label={t('editor.find.next')} disabled={state.find.hits.length === 0} onClick={() => onFindStep(1)}><IconChevronDown size={16} /></ActionIcon>
            <ActionIcon variant="subtle" aria-label={t('editor.find.close')} onClick={closeFind}><IconX size={16} /></ActionIcon>
          </Group>
        ) : (
          <ActionIcon variant="subtle" aria-label={t('editor.find.open')} onClick={() => useEditor.setState({ mode: 'FIND' })}><IconSearch size={18} /></ActionIcon>
        )}
        {desktop && (
          <ActionIcon variant="subtle" aria-label={t('editor.share')} data-testid="editor-share" disabled={exporting !== null} onClick={onShare}>
            <IconShare size={18} />
          </ActionIcon>
        )}
        {exporting !== null && <Group gap={4} wrap="nowrap"><Loader size={14} /><Text fz="xs">{exporting}%</Text></Group>}
      </Group>
    </div>
  );
}

function closeFind(): void {
  useEditor.setState((s) => ({ mode: s.baseMode, find: { query: '', hits: [], current: 0, searching: false } }));
}
