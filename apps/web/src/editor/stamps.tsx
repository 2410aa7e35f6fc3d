/**
 * The stamp, image and signature tools (SPEC §3 tools SIGN_IMAGE, IMAGE and SIGN): the tool
 * bar's settings of each (the standard stamp to place, the picture chosen, the signature typed,
 * drawn, uploaded or taken from the saved ones), placing one where the page is clicked, and
 * drawing a stamp on the page as the export writes it.
 */
import { STAMP_IMAGE_MAX, stampNames, type EditorAnnotation, type EditorPoint, type SignKind, type SignStoredItem, type StampName } from '@pagewright/contracts';
import { Button, FileButton, Group, Popover, Select, Text } from '@mantine/core';
import { IconPhoto, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { uploadFile } from '../api/upload';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { SavedSignatures } from '../tools/sign-pdf/SavedSignatures';
import { SignatureCreator, type CreatedSignature } from '../tools/sign-pdf/SignatureCreator';
import { useSavedSignatures } from '../tools/sign-pdf/savedSignatures';
import { isSignatureImage } from '../tools/sign-pdf/signatureImage';
import { addItem, newId, useEditor, type AnnotateTool } from './editorStore';
import type { EditorItem } from './geometry';

/** A picture ready to place: its PNG or JPEG data URL and its width over height. */
export interface Picture {
  image: string;
  aspect: number;
}

interface StampToolState {
  /** The standard stamp the STAMP tool places. */
  label: StampName;
  /** The picture the IMAGE tool places. */
  picture: Picture | null;
  /** The signature the SIGN tool places, with how it was made. */
  signature: (Picture & { sign: SignKind }) | null;
}

export const useStampTool = create<StampToolState>(() => ({ label: 'Approved', picture: null, signature: null }));

/** The tools that place a stamp where the page is clicked. */
export const stampTools: ReadonlySet<AnnotateTool> = new Set(['STAMP', 'IMAGE', 'SIGN']);

/** A standard stamp's size when placed, in points. */
const LABEL_SIZE = { w: 180, h: 50 };
/** The widest a placed picture or signature starts, in points. */
const PICTURE_WIDTH = { IMAGE: 200, SIGN: 160 } as const;

/** A standard stamp's label as it is printed: 'NotApproved' is NOT APPROVED (as the server draws it). */
export function stampLabel(name: StampName): string {
  return name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toUpperCase();
}

/** The stamp a click of the STAMP, IMAGE or SIGN tool places at `at` (its top left); null while there is nothing to place. */
export function stampAt(tool: AnnotateTool, page: number, at: EditorPoint, color: string): EditorItem | null {
  const { label, picture, signature } = useStampTool.getState();
  const common = { id: newId(), kind: 'stamp', page, opacity: 1 } as const;
  if (tool === 'STAMP') {
    return { ...common, color, rect: { x: at[0], y: at[1], ...LABEL_SIZE }, stamp: { type: 'label', name: label } };
  }
  const chosen = tool === 'IMAGE' ? picture : tool === 'SIGN' ? signature : null;
  if (!chosen) return null;
  const w = PICTURE_WIDTH[tool as 'IMAGE' | 'SIGN'];
  const rect = { x: at[0], y: at[1], w, h: w / chosen.aspect };
  if (tool === 'IMAGE') return { ...common, color: '#000000', rect, stamp: { type: 'image', image: chosen.image } };
  return { ...common, color: '#000000', rect, stamp: { type: 'signature', sign: signature!.sign, image: chosen.image } };
}

/** Places a stamp of the current tool; for a picture or a signature not chosen yet, says what to do first. */
export function placeStamp(tool: AnnotateTool, page: number, at: EditorPoint, hint: string): void {
  const item = stampAt(tool, page, at, useEditor.getState().stroke.color);
  if (item) addItem(item);
  else showToast(hint);
}

function canvasData(canvas: HTMLCanvasElement, type: 'image/png' | 'image/jpeg'): string {
  return canvas.toDataURL(type, 0.9);
}

/**
 * An image file as the data URL the export carries: a PNG (transparency kept) when it fits
 * STAMP_IMAGE_MAX, else a JPEG on white, made smaller until it fits. The longest side is at
 * most 2,000 pixels, more than a stamp needs on paper.
 */
export async function pictureOf(blob: Blob): Promise<Picture> {
  const bitmap = await createImageBitmap(blob);
  try {
    let scale = Math.min(1, 2000 / Math.max(bitmap.width, bitmap.height));
    const aspect = bitmap.width / bitmap.height;
    for (;;) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const png = canvasData(canvas, 'image/png');
      if (png.length <= STAMP_IMAGE_MAX) return { image: png, aspect };
      context.globalCompositeOperation = 'destination-over';
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      const jpeg = canvasData(canvas, 'image/jpeg');
      if (jpeg.length <= STAMP_IMAGE_MAX) return { image: jpeg, aspect };
      scale /= 2;
    }
  } finally {
    bitmap.close();
  }
}

/** A saved signature's picture, fetched from its image route. */
async function savedPicture(item: SignStoredItem): Promise<Picture> {
  const response = await fetch(item.output_file, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`saved signature ${response.status}`);
  return pictureOf(await response.blob());
}

/** How a stamp looks on the page: the label in its bordered box, or the picture over the whole box. */
export function StampShape({ item }: { item: Extract<EditorAnnotation, { kind: 'stamp' }> }) {
  const { x, y, w, h } = item.rect;
  if (item.stamp.type !== 'label') {
    return <image href={item.stamp.image} x={x} y={y} width={w} height={h} preserveAspectRatio="none" opacity={item.opacity} />;
  }
  const text = stampLabel(item.stamp.name);
  // Times-Bold's caps are about 0.6 em wide on average: the size that fills the box's width, or its height.
  const size = Math.max(1, Math.min((h - 12) / 0.7, (w - 12) / (text.length * 0.66)));
  return (
    <g opacity={item.opacity}>
      <rect x={x + 1} y={y + 1} width={Math.max(0, w - 2)} height={Math.max(0, h - 2)} rx={Math.min(6, w / 4, h / 4)} fill="none" stroke={item.color} strokeWidth={2} />
      <text
        x={x + w / 2} y={y + h / 2} fill={item.color} fontFamily='"Times New Roman", Times, serif' fontWeight={700} fontSize={size}
        textAnchor="middle" dominantBaseline="central"
      >
        {text}
      </text>
    </g>
  );
}

/** The tool bar's settings of the STAMP, IMAGE and SIGN tools. */
export function StampToolbar({ tool }: { tool: AnnotateTool }) {
  if (tool === 'STAMP') return <LabelChoice />;
  if (tool === 'IMAGE') return <PictureChoice />;
  if (tool === 'SIGN') return <SignatureChoice />;
  return null;
}

function LabelChoice() {
  const { t } = useTranslation();
  const label = useStampTool((s) => s.label);
  return (
    <Select
      size="xs" w={150} aria-label={t('editor.stamp.label')} allowDeselect={false} data-testid="stamp-label"
      data={stampNames.map((name) => ({ value: name, label: t(`editor.stamp.names.${name}`) }))}
      value={label} onChange={(v) => v && useStampTool.setState({ label: v as StampName })}
    />
  );
}

function PictureChoice() {
  const { t } = useTranslation();
  const picture = useStampTool((s) => s.picture);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    // SPEC §5's picture types: those of a signature image.
    if (!isSignatureImage(file.name)) {
      showToast(errorMessage(3102));
      return;
    }
    setBusy(true);
    try {
      useStampTool.setState({ picture: await pictureOf(file) });
    } catch {
      showToast(errorMessage('FILE_DAMAGED'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <FileButton onChange={(file) => void choose(file)} accept="image/png,image/jpeg,image/gif,image/bmp,.bmp">
        {(props) => (
          <Button {...props} size="xs" variant="light" loading={busy} leftSection={<IconPhoto size={14} />} data-testid="image-choose">
            {t('editor.stamp.chooseImage')}
          </Button>
        )}
      </FileButton>
      {picture && <img src={picture.image} alt="" height={24} data-testid="image-chosen" />}
      <Text fz="xs" c="dimmed">{picture ? t('editor.stamp.clickToPlace') : t('editor.stamp.imageFirst')}</Text>
    </Group>
  );
}

function SignatureChoice() {
  const { t } = useTranslation();
  const signature = useStampTool((s) => s.signature);
  const [creating, setCreating] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);
  const saved = useSavedSignatures();

  const onCreate = async ({ file, kind, save }: CreatedSignature) => {
    try {
      const picture = await pictureOf(file);
      if (save) {
        // A failed save is told by its toast; the signature is used all the same.
        await uploadFile(file).then((stored) => saved.save.mutateAsync(stored.file_id)).catch(() => undefined);
      }
      useStampTool.setState({ signature: { ...picture, sign: kind } });
      setCreating(false);
    } catch (error) {
      showErrorToast(error);
    }
  };
  const useSaved = async (item: SignStoredItem) => {
    try {
      useStampTool.setState({ signature: { ...(await savedPicture(item)), sign: 'image url' } });
      setSavedOpen(false);
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" leftSection={<IconSignature size={14} />} onClick={() => setCreating(true)} data-testid="signature-new">
        {t('editor.stamp.newSignature')}
      </Button>
      <Popover opened={savedOpen} onChange={setSavedOpen} width={280} position="bottom" withArrow>
        <Popover.Target>
          <Button size="xs" variant="subtle" onClick={() => setSavedOpen((o) => !o)} data-testid="signature-saved">{t('sign.savedTitle')}</Button>
        </Popover.Target>
        <Popover.Dropdown>
          <SavedSignatures
            items={saved.list.data} loading={saved.list.isLoading} disabled={false}
            deleting={saved.remove.isPending ? saved.remove.variables : undefined} current={undefined}
            onUse={(item) => void useSaved(item)} onDelete={(item) => saved.remove.mutate(item.file_id)}
          />
        </Popover.Dropdown>
      </Popover>
      {signature && <img src={signature.image} alt="" height={24} data-testid="signature-chosen" />}
      <Text fz="xs" c="dimmed">{signature ? t('editor.stamp.clickToPlace') : t('editor.stamp.signatureFirst')}</Text>
      <SignatureCreator opened={creating} onClose={() => setCreating(false)} onCreate={onCreate} />
    </Group>
  );
}
