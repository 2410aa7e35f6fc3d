/** File names from clients are kept as labels only, never used as paths. */
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

export function sanitizeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE, '_').replace(/^[.\s]+/, '').trim().slice(0, 200);
  return cleaned || fallback;
}

export function withExtension(name: string, extension: string): string {
  const stem = name.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}.${extension}`;
}

/** An attachment header that carries the UTF-8 name (RFC 6266/5987) and an ASCII fallback. */
export function contentDisposition(name: string): string {
  const safe = sanitizeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
