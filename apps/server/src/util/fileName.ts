/** File names from clients are kept as labels only, never used as paths. */
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): in a name they make
 * 'invoice\u202egpj.pdf' display as another extension, so they never survive into a name.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The longest extension kept whole when a name is shortened ('.pdf', '.docx', '.jpeg'…). */
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

export interface NameLimits {
  /** Characters (code points); SPEC §9's cloud name limit by default. */
  maxChars?: number;
  /** UTF-8 bytes, for names that may become a file on disk (most file systems allow 255). */
  maxBytes?: number;
}

/**
 * A client's file name as a safe label: no path, no control or bidi characters, no leading
 * dots; a name that is only an extension ('.pdf') gets the fallback stem. A name over the
 * limits loses the end of its stem, never its extension.
 */
export function sanitizeFileName(name: string, fallback = 'file', limits: NameLimits = {}): string {
  const { maxChars = 240, maxBytes = 250 } = limits;
  const base = name.split(/[/\\]/).pop() ?? '';
  let cleaned = base.replace(BIDI, '').replace(UNSAFE, '_').trim();
  // '.pdf' alone is a PDF without a stem, not a hidden file called 'pdf'.
  if (/^\.[^.\s]+$/.test(cleaned)) cleaned = `${fallback}${cleaned}`;
  cleaned = cleaned.replace(/^[.\s]+/, '').trim();
  if (cleaned === '') return fallback;
  return shorten(cleaned, maxChars, maxBytes);
}

function shorten(name: string, maxChars: number, maxBytes: number): string {
  const fits = (s: string) => [...s].length <= maxChars && Buffer.byteLength(s) <= maxBytes;
  if (fits(name)) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const stem = [...name.slice(0, name.length - extension.length)];
  while (stem.length > 1 && !fits(stem.join('') + extension)) stem.pop();
  return stem.join('').trimEnd() + extension;
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

/** The Content-Type a download of a file of this name is served with, whoever serves it (the API or a presigned GET). */
export function downloadContentType(name: string): string {
  return name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
}
