/**
 * Writing a docx Document as a .docx file in less time than docx's Packer.toBuffer, with the
 * same parts byte for byte: a converted page is some 90 kB of WordprocessingML, and packing it
 * took about a third of PDF to Word's time. Two costs of docx 9.15 are avoided:
 * - its attribute elements build their attribute object by copying it once per attribute
 *   (quadratic, and most of the garbage of the XML building); attributesInOneObject builds the
 *   same object once;
 * - it deflates the parts in JavaScript (fflate); Node's zlib does it natively.
 * Both rely on docx internals, checked before use: when they are not as expected (another
 * docx version), docx's own code runs.
 */
import { NextAttributeComponent, Packer, type Document } from 'docx';
import { writeFileAtomic } from '../files.js';
import { writeZip } from '../zip.js';

/** A docx attribute element's payload: its attributes by property name, each with its XML name. */
type AttributePayload = Record<string, { key: string; value: unknown }>;
type PrepForXml = (this: { root: AttributePayload }, context: unknown) => unknown;

/** docx's NextAttributeComponent.prepForXml as it should be: one object, filled once. */
const attributesInOneObject: PrepForXml = function () {
  const attrs: Record<string, unknown> = {};
  for (const { key, value } of Object.values(this.root)) if (value !== undefined) attrs[key] = value;
  return { _attr: attrs };
};

/**
 * Replaces docx's attribute serialisation with attributesInOneObject where both give the same
 * XML object for a probe (an attribute without a value, a key given twice).
 */
function speedUpAttributes(): void {
  const prototype = NextAttributeComponent.prototype as unknown as { prepForXml: PrepForXml };
  const probe = { root: { a: { key: 'w:a', value: 1 }, b: { key: 'w:b', value: undefined }, c: { key: 'w:c', value: 'x' }, d: { key: 'w:a', value: 2 } } };
  const same = JSON.stringify(prototype.prepForXml.call(probe, {})) === JSON.stringify(attributesInOneObject.call(probe, {}));
  if (same) prototype.prepForXml = attributesInOneObject;
}
speedUpAttributes();

/** The parts of the package by path, in docx's order (its Packer's compiler, not in its typings). */
type Compile = (file: Document, prettify?: boolean, overrides?: unknown[]) => Map<string, string | Uint8Array | ArrayBuffer>;

function compiler(): Compile | undefined {
  const found = (Packer as unknown as { compiler?: { compile?: unknown } }).compiler;
  return typeof found?.compile === 'function' ? (found.compile as Compile).bind(found) : undefined;
}

/** A document ready to write: its parts, or docx's whole zip where its compiler is not at hand. */
export type PackedDocx = { parts: Map<string, Uint8Array> } | { zip: Uint8Array };

/** Builds the document's XML (where layout errors surface); packDocx's result goes to writeDocx. */
export async function packDocx(doc: Document): Promise<PackedDocx> {
  const compile = compiler();
  if (!compile) return { zip: await Packer.toBuffer(doc) };
  const encoder = new TextEncoder();
  const parts = new Map<string, Uint8Array>();
  for (const [path, data] of compile(doc)) parts.set(path, typeof data === 'string' ? encoder.encode(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data);
  return { parts };
}

/** Writes the packed document at `path` (atomically, as every output), its parts deflated. */
export async function writeDocx(path: string, packed: PackedDocx): Promise<void> {
  if ('zip' in packed) {
    await writeFileAtomic(path, packed.zip);
    return;
  }
  await writeZip(path, async (add) => {
    for (const [name, data] of packed.parts) await add(name, data, true);
  });
}
