import '@fontsource/caveat/latin-400.css';
import '@fontsource/dancing-script/latin-400.css';
import '@fontsource/great-vibes/latin-400.css';
import { Button, Checkbox, ColorSwatch, FileButton, Group, Modal, Radio, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconCheck, IconEraser, IconPencil, IconTypography, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../toasts/errorToast';
import { cropDrawing, isSignatureImage, renderTypedSignature, signatureFonts } from './signatureImage';
import classes from './Sign.module.css';

const colors = ['#111111', '#1d3f9a', '#b3261e'] as const;

export interface CreatedSignature {
  file: File;
  /** How it was made (SPEC §3 sign kinds): typed, drawn or an uploaded image. */
  kind: 'text' | 'draw' | 'image';
  /** Keep it among the saved signatures once uploaded (SPEC §7 POST file/sign). */
  save: boolean;
}

/** The signature dialog: type a name in a handwriting font, draw it, or upload an image. */
export function SignatureCreator({ opened, onClose, onCreate }: {
  opened: boolean;
  onClose: () => void;
  onCreate: (signature: CreatedSignature) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('type');
  const [text, setText] = useState('');
  const [family, setFamily] = useState<string>(signatureFonts[0].family);
  const [color, setColor] = useState<string>(colors[0]);
  const [uploaded, setUploaded] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [save, setSave] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ active: boolean; bounds: { x1: number; y1: number; x2: number; y2: number } | null }>({ active: false, bounds: null });
  const [hasInk, setHasInk] = useState(false);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * canvas.width, y: ((event.clientY - rect.top) / rect.height) * canvas.height };
  };
  const grow = ({ x, y }: { x: number; y: number }) => {
    const b = drawing.current.bounds;
    drawing.current.bounds = b
      ? { x1: Math.min(b.x1, x), y1: Math.min(b.y1, y), x2: Math.max(b.x2, x), y2: Math.max(b.y2, y) }
      : { x1: x, y1: y, x2: x, y2: y };
  };
  const clearDrawing = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    drawing.current.bounds = null;
    setHasInk(false);
  };

  const create = async () => {
    setError(null);
    let file: File;
    const kind = tab === 'type' ? 'text' : tab === 'draw' ? 'draw' : 'image';
    if (tab === 'type') {
      if (text.trim() === '') {
        setError(t('sign.typeRequired'));
        return;
      }
      file = new File([await renderTypedSignature(text.trim(), family, color)], 'signature.png', { type: 'image/png' });
    } else if (tab === 'draw') {
      const canvas = canvasRef.current;
      const bounds = drawing.current.bounds;
      if (!canvas || !bounds) {
        setError(t('sign.drawRequired'));
        return;
      }
      file = new File([await cropDrawing(canvas, bounds)], 'signature.png', { type: 'image/png' });
    } else {
      if (!uploaded) {
        setError(t('sign.uploadRequired'));
        return;
      }
      if (!isSignatureImage(uploaded.name)) {
        setError(errorMessage(3102));
        return;
      }
      file = uploaded;
    }
    setBusy(true);
    try {
      await onCreate({ file, kind, save });
      setText('');
      setUploaded(null);
      clearDrawing();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }} opened={opened} onClose={onClose} title={<Text fw={700}>{t('sign.createTitle')}</Text>} size="lg" radius="lg" centered>
      <Stack gap="md" data-testid="signature-dialog">
        <Tabs value={tab} onChange={(value) => { setTab(value); setError(null); }}>
          <Tabs.List grow>
            <Tabs.Tab value="type" leftSection={<IconTypography size={16} />} data-testid="sign-tab-type">{t('sign.tabType')}</Tabs.Tab>
            <Tabs.Tab value="draw" leftSection={<IconPencil size={16} />} data-testid="sign-tab-draw">{t('sign.tabDraw')}</Tabs.Tab>
            <Tabs.Tab value="upload" leftSection={<IconUpload size={16} />} data-testid="sign-tab-upload">{t('sign.tabUpload')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="type" pt="md">
            <Stack gap="sm">
              <TextInput label={t('sign.typeLabel')} value={text} onChange={(event) => setText(event.currentTarget.value)} maxLength={60} data-testid="sign-text" />
              <Radio.Group label={t('sign.font')} value={family} onChange={setFamily}>
                <Stack gap={6} mt={6}>
                  {signatureFonts.map((font) => (
                    <Radio
                      key={font.family}
                      value={font.family}
                      data-testid="sign-font"
                      label={<span className={classes.fontSample} style={{ fontFamily: `"${font.family}", cursive`, color }}>{text.trim() || t('sign.sample')}</span>}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="draw" pt="md">
            <Stack gap="xs">
              <Text fz="sm" c="dimmed">{t('sign.drawHint')}</Text>
              <canvas
                ref={canvasRef}
                width={600}
                height={200}
                className={classes.pad}
                data-testid="sign-pad"
                onPointerDown={(event) => {
                  const context = event.currentTarget.getContext('2d');
                  if (!context) return;
                  event.currentTarget.setPointerCapture(event.pointerId);
                  const p = point(event);
                  context.strokeStyle = color;
                  context.lineWidth = 4;
                  context.lineCap = 'round';
                  context.lineJoin = 'round';
                  context.beginPath();
                  context.moveTo(p.x, p.y);
                  context.lineTo(p.x + 0.1, p.y + 0.1);
                  context.stroke();
                  grow(p);
                  drawing.current.active = true;
                  setHasInk(true);
                }}
                onPointerMove={(event) => {
                  if (!drawing.current.active) return;
                  const context = event.currentTarget.getContext('2d');
                  const p = point(event);
                  context?.lineTo(p.x, p.y);
                  context?.stroke();
                  grow(p);
                }}
                onPointerUp={() => { drawing.current.active = false; }}
                onPointerCancel={() => { drawing.current.active = false; }}
              />
              <Group justify="flex-end">
                <Button variant="subtle" size="xs" leftSection={<IconEraser size={14} />} onClick={clearDrawing} disabled={!hasInk} data-testid="sign-clear">
                  {t('sign.clear')}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <Stack gap="xs">
              <Text fz="sm" c="dimmed">{t('sign.uploadHint')}</Text>
              <FileButton onChange={(file) => { setUploaded(file); setError(file && !isSignatureImage(file.name) ? errorMessage(3102) : null); }} accept="image/*,.bmp">
                {(props) => <Button variant="light" {...props} data-testid="sign-upload">{t('sign.chooseImage')}</Button>}
              </FileButton>
              {uploaded && <Text fz="sm" data-testid="sign-upload-name">{uploaded.name}</Text>}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {tab !== 'upload' && (
          <Group gap="xs">
            <Text fz="sm">{t('sign.color')}</Text>
            {colors.map((value) => (
              <ColorSwatch
                key={value}
                component="button"
                type="button"
                color={value}
                size={22}
                onClick={() => setColor(value)}
                aria-label={t('sign.colorValue', { color: value })}
                aria-pressed={color === value}
              >
                {color === value && <IconCheck size={12} color="white" />}
              </ColorSwatch>
            ))}
          </Group>
        )}
        {error && <Text fz="sm" c="red.7" data-testid="sign-error">{error}</Text>}
        <Group justify="space-between">
          <Checkbox
            label={t('sign.saveThis')}
            checked={save}
            onChange={(event) => setSave(event.currentTarget.checked)}
            data-testid="save-signature"
          />
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>{t('sign.cancel')}</Button>
            <Button onClick={() => void create()} loading={busy} data-testid="sign-create">{t('sign.use')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
