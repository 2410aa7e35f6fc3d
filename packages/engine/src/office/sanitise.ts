/**
 * Zip-based documents (OOXML, ODF) whose XML parts carry a DOCTYPE. Neither format allows one
 * (ECMA-376 part 2 forbids DTD declarations in a package; ODF has no DTD), and a DOCTYPE is
 * how a document declares external entities (`<!ENTITY x SYSTEM "http://...">`, XXE).
 * LibreOffice refuses to load such a part, so the whole document would fail. We drop the
 * DOCTYPE and every reference to an entity it declared (never expanding one, so nothing is
 * fetched or read), and LibreOffice gets the cleaned copy.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { strFromU8, strToU8, unzip, unzipSync, zip, type AsyncZippable, type Unzipped, type UnzipOptions } from 'fflate';

const ZIP_TYPES = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'pages']);
const XML_PART = /\.(xml|rels)$/i;
/** A DOCTYPE with an optional internal subset. */
const DOCTYPE = /<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i;
const ENTITY_DECLARATION = /<!ENTITY\s+(%\s+)?([A-Za-z_:][\w.:-]*)/g;
const PREDEFINED = new Set(['lt', 'gt', 'amp', 'apos', 'quot']);

/** What a document archive may expand to before it is refused (a zip bomb). */
export interface ArchiveLimits {
  /** Every entry's declared size together. */
  maxExpandedBytes: number;
  /** Expanded over compressed size, once the expanded size passes `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
  maxEntries: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxExpandedBytes: 512 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024 * 1024,
  maxEntries: 20_000,
};

/**
 * Refuses (4012) a zip-based document that would expand past the limits: a few kilobytes
 * that become gigabytes. Reads only the central directory, inflating nothing, so it costs
 * the same for a bomb as for a letter. Files that are not zips pass.
 */
export async function assertArchiveBounds(input: string, extension: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<void> {
  if (!ZIP_CONTAINERS.has(extension)) return;
  const bytes = await readFile(input);
  if (bytes.subarray(0, 2).toString('latin1') !== 'PK') return;
  let expanded = 0;
  let entries = 0;
  try {
    // The filter sees each entry's declared sizes and keeps none, so nothing is inflated.
    unzipSync(bytes, {
      filter: (file) => {
        expanded += file.originalSize;
        entries += 1;
        return false;
      },
    });
  } catch {
    return; // not a readable zip: isTruncatedZip and LibreOffice judge it
  }
  const tooBig = expanded > limits.maxExpandedBytes
    || entries > limits.maxEntries
    || (expanded > limits.ratioFloorBytes && expanded / Math.max(1, bytes.length) > limits.maxRatio);
  if (tooBig) {
    throw new CatalogueError(4012, `the .${extension} archive expands to ${expanded} bytes in ${entries} entries from ${bytes.length}`);
  }
}

/** fflate's inflate on its own worker threads, so a large document never holds the caller's event loop. */
function unzipAsync(bytes: Uint8Array, options: UnzipOptions = {}): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    unzip(bytes, options, (err, data) => (err ? reject(err) : resolve(data)));
  });
}

function zipAsync(entries: AsyncZippable): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    zip(entries, (err, data) => (err ? reject(err) : resolve(data)));
  });
}

/** The part without its DOCTYPE and without references to the entities it declared. */
export function withoutDoctype(xml: string): string {
  const match = DOCTYPE.exec(xml);
  if (!match) return xml;
  const declared = new Set<string>();
  for (const [, , name] of (match[1] ?? '').matchAll(ENTITY_DECLARATION)) if (name && !PREDEFINED.has(name)) declared.add(name);
  let cleaned = xml.slice(0, match.index) + xml.slice(match.index + match[0].length);
  if (declared.size > 0) cleaned = cleaned.replace(/&([A-Za-z_:][\w.:-]*);/g, (reference, name: string) => (declared.has(name) ? '' : reference));
  return cleaned;
}

/**
 * Writes a cleaned copy of `input` to `copyPath` and returns true when the document is a zip
 * whose XML parts declare a DOCTYPE; returns false (nothing written) otherwise, and for
 * archives it cannot read (LibreOffice then judges the original).
 */
export async function sanitisedCopy(input: string, extension: string, copyPath: string): Promise<boolean> {
  if (!ZIP_TYPES.has(extension)) return false;
  const bytes = await readFile(input);
  if (bytes.subarray(0, 2).toString('latin1') !== 'PK') return false;
  let parts: Unzipped;
  try {
    parts = await unzipAsync(bytes, { filter: (file) => XML_PART.test(file.name) && file.originalSize < 64 * 1024 * 1024 });
  } catch {
    return false;
  }
  const dirty = Object.entries(parts).filter(([, data]) => strFromU8(data).includes('<!DOCTYPE'));
  if (dirty.length === 0) return false;
  const all = await unzipAsync(bytes);
  for (const [name, data] of dirty) all[name] = strToU8(withoutDoctype(strFromU8(data)));
  // ODF wants its mimetype entry first and stored; keep every entry's order, store mimetype.
  const entries: AsyncZippable = {};
  for (const [name, data] of Object.entries(all)) entries[name] = [data, { level: name === 'mimetype' ? 0 : 6 }];
  await writeFile(copyPath, await zipAsync(entries), { flag: 'wx' });
  return true;
}

/**
 * Whether a document LibreOffice could not load is password-protected, by its container: an
 * ODF zip whose manifest lists encryption data, or an OOXML file that is an OLE compound file
 * holding an EncryptionInfo stream (how Office stores an encrypted package). LibreOffice
 * headless fails those without asking for a password; other encrypted formats are not told
 * apart from damaged ones.
 */
export async function isEncryptedDocument(path: string): Promise<boolean> {
  const bytes = await readFile(path).catch(() => undefined);
  if (!bytes) return false;
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') {
    try {
      const manifest = unzipSync(bytes, { filter: (file) => file.name === 'META-INF/manifest.xml' && file.originalSize < 1024 * 1024 })['META-INF/manifest.xml'];
      return manifest !== undefined && strFromU8(manifest).includes('encryption-data');
    } catch {
      return false;
    }
  }
  const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes.subarray(0, 8).equals(OLE) && bytes.includes(Buffer.from('EncryptionInfo', 'utf16le'));
}

const ZIP_CONTAINERS = new Set(['docx', 'docm', 'dotx', 'xlsx', 'xlsm', 'pptx', 'pptm', 'odt', 'ods', 'odp', 'odg', 'pages']);

/**
 * True for a zip-based document (docx, xlsx, odt, ...) that starts like a zip but has no end of
 * central directory: a truncated upload. LibreOffice's type detection answers such a file
 * differently from run to run (sometimes as text), so it is refused before LibreOffice sees it.
 * Encrypted Office files are not zips and are left to LibreOffice.
 */
export async function isTruncatedZip(path: string, extension: string): Promise<boolean> {
  if (!ZIP_CONTAINERS.has(extension)) return false;
  const bytes = await readFile(path).catch(() => undefined);
  if (!bytes || bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) return false;
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const tail = bytes.subarray(Math.max(0, bytes.length - 22 - 0xffff));
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) return false;
  }
  return true;
}
