import { useEffect, useState } from 'react';
import { frameCount } from './imageChecks';

export interface LocalImage {
  url: string;
  /** 0 when the browser cannot decode the format (TIFF). */
  width: number;
  height: number;
}

/**
 * A file the user picked, read in the browser: an object URL for previews and its pixel size
 * once decoded. Nothing is sent; the URL is revoked when the file goes.
 */
export function useLocalImage(raw: File | undefined): LocalImage | null {
  const [image, setImage] = useState<{ raw: File; value: LocalImage } | null>(null);

  useEffect(() => {
    if (!raw) return undefined;
    let cancelled = false;
    const url = URL.createObjectURL(raw);
    const element = new Image();
    const settle = (width: number, height: number) => {
      if (!cancelled) setImage({ raw, value: { url, width, height } });
    };
    element.onload = () => settle(element.naturalWidth, element.naturalHeight);
    // A format the browser cannot draw still gets a URL, with no size.
    element.onerror = () => settle(0, 0);
    element.src = url;
    return () => {
      cancelled = true;
      URL.revokeObjectURL(url);
    };
  }, [raw]);

  return image && image.raw === raw ? image.value : null;
}

/** An object URL for one file, revoked when the file changes or the component goes. */
export function useObjectUrl(raw: File): string | null {
  const [entry, setEntry] = useState<{ raw: File; url: string } | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(raw);
    setEntry({ raw, url });
    return () => URL.revokeObjectURL(url);
  }, [raw]);
  return entry && entry.raw === raw ? entry.url : null;
}

const frameCounts = new WeakMap<File, Promise<number>>();

/** The frame count of a picked file, read once per file. */
function framesOf(raw: File): Promise<number> {
  let frames = frameCounts.get(raw);
  if (!frames) {
    frames = raw.arrayBuffer().then((buffer) => frameCount(new Uint8Array(buffer)), () => 1);
    frameCounts.set(raw, frames);
  }
  return frames;
}

/** The animated images (GIF, WebP with more than one frame) among `files`, in list order. */
export function useAnimatedFiles(files: { uid: string; name: string; raw: File }[]): { name: string; frames: number }[] {
  const candidates = files.filter((file) => /\.(gif|webp)$/i.test(file.name));
  const key = candidates.map((file) => file.uid).join(',');
  const [found, setFound] = useState<{ key: string; animated: { name: string; frames: number }[] }>({ key: '', animated: [] });
  useEffect(() => {
    let cancelled = false;
    void Promise.all(candidates.map(async (file) => ({ name: file.name, frames: await framesOf(file.raw) }))).then((counted) => {
      if (!cancelled) setFound({ key, animated: counted.filter((file) => file.frames > 1) });
    });
    return () => {
      cancelled = true;
    };
    // The key names the candidates; the array itself is new on every render.
  }, [key]);
  return found.key === key ? found.animated : [];
}
