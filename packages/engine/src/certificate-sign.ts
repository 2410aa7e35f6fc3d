/**
 * Certificate signing of a signature field (SPEC §3 form field 7, §7 document/content/{file_id}/sign):
 * a PKCS#7 detached signature (SubFilter adbe.pkcs7.detached) over the byte range of the file,
 * made with the private key and certificate of the user's PKCS#12 file. MuPDF.js has no signing
 * call, so MuPDF writes the signature dictionary with room for the signature as an incremental
 * update, and the CMS object is built with node-forge and written into that room.
 */
import forge from 'node-forge';
import { CatalogueError } from '@pagewright/contracts';
import { reasonOf } from './errors.js';
import { fieldObject } from './forms.js';
import { mupdf, type PDFDocument } from './mupdf.js';
import { openPdfBytes } from './pdf/open.js';
import { documentFail, saveDocument } from './pdf/single.js';

export interface CertificateSignature {
  /** The fully qualified name of the signature field. */
  field: string;
  /** The bytes of a PKCS#12 file (.p12/.pfx) holding an RSA private key and its certificate. */
  pkcs12: Uint8Array;
  password: string;
  reason?: string | undefined;
  location?: string | undefined;
}

interface SigningIdentity {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  /** The other certificates of the file (the issuers), sent with the signature. */
  chain: forge.pki.Certificate[];
}

/** Room for the DER signature: a 4096-bit key with a chain of a few certificates fits. */
const SIGNATURE_ROOM = 16_384;
/** The byte range is written over a placeholder of this many characters. */
const BYTE_RANGE_PLACEHOLDER = [0, 1_000_000_000, 1_000_000_000, 1_000_000_000];

/**
 * The key and certificate of a PKCS#12 file. CERTIFICATE_PASSWORD_INCORRECT when the password
 * does not open it; CERTIFICATE_INVALID when it is not a PKCS#12 file, or holds no RSA key with
 * its certificate.
 */
export function readPkcs12(bytes: Uint8Array, password: string): SigningIdentity {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch (err) {
      // With a MAC (every tool writes one) a wrong password fails the MAC check; without one, decryption yields garbage.
      if (/MAC could not be verified|Invalid password|decrypt/i.test(reasonOf(err))) throw new CatalogueError('CERTIFICATE_PASSWORD_INCORRECT');
      throw err;
    }
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw new CatalogueError('CERTIFICATE_INVALID', `not a PKCS#12 file: ${reasonOf(err)}`);
  }
  const bagsOf = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keys = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(forge.pki.oids.keyBag!)]
    .map((bag) => bag.key as forge.pki.rsa.PrivateKey | undefined)
    .filter((key): key is forge.pki.rsa.PrivateKey => Boolean(key && 'n' in key));
  const certificates = bagsOf(forge.pki.oids.certBag!).map((bag) => bag.cert).filter((c): c is forge.pki.Certificate => Boolean(c));
  for (const key of keys) {
    const certificate = certificates.find((c) => {
      const publicKey = c.publicKey as forge.pki.rsa.PublicKey;
      return 'n' in publicKey && publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
    });
    if (certificate) return { key, certificate, chain: certificates.filter((c) => c !== certificate) };
  }
  throw new CatalogueError('CERTIFICATE_INVALID', keys.length === 0 ? 'no RSA private key in the PKCS#12 file' : 'no certificate for the private key');
}

/** The common name of a certificate's subject, for the signature's /Name and its appearance. */
function commonName(certificate: forge.pki.Certificate): string {
  const cn = certificate.subject.getField('CN') as { value?: unknown } | null;
  return typeof cn?.value === 'string' ? cn.value : 'Unknown';
}

/** PDF date string D:YYYYMMDDHHmmSSZ. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** The widget of the named signature field; INVALID_PARAMS when there is none or it is signed already. */
function signatureWidget(doc: PDFDocument, name: string): { widget: mupdf.PDFWidget; page: mupdf.PDFPage } {
  const pages = doc.countPages();
  for (let index = 0; index < pages; index += 1) {
    const page = doc.loadPage(index);
    const widget = page.getWidgets().find((w) => w.getName() === name);
    if (!widget) {
      page.destroy();
      continue;
    }
    if (widget.getFieldType() !== 'signature') {
      page.destroy();
      throw documentFail('INVALID_PARAMS', `field "${name}" is not a signature field`);
    }
    if (fieldObject(widget.getObject()).get('V').isDictionary()) {
      page.destroy();
      throw documentFail('INVALID_PARAMS', `field "${name}" is signed already`);
    }
    return { widget, page };
  }
  throw documentFail('INVALID_PARAMS', `no field named "${name}"`);
}

function escapePdfText(text: string): string {
  // The appearance is set in WinAnsi Helvetica: characters outside Latin-1 become '?'.
  return text.replace(/[^\x20-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A visible appearance: who signed and when, in the field's box. */
function drawAppearance(doc: PDFDocument, widget: mupdf.PDFWidget, signer: string, date: Date): void {
  const [x0, y0, x1, y1] = widget.getRect();
  const width = x1 - x0;
  const height = y1 - y0;
  const size = Math.max(4, Math.min(10, height / 4));
  const lines = [`Digitally signed by ${signer}`, `Date: ${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`];
  const text = lines.map((line, i) => `1 0 0 1 4 ${height - size * (1.3 * (i + 1))} Tm (${escapePdfText(line)}) Tj`).join(' ');
  const resources = doc.newDictionary();
  const fonts = doc.newDictionary();
  fonts.put('Helv', doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'));
  resources.put('Font', fonts);
  widget.setAppearance(null, null, mupdf.Matrix.identity, [0, 0, width, height], resources,
    `q 0 0 ${width} ${height} re W n BT /Helv ${size} Tf 0 g ${text} ET Q`);
}

/** Finds `needle` searching backwards from the end. */
function lastIndexOf(haystack: Buffer, needle: string): number {
  return haystack.lastIndexOf(Buffer.from(needle, 'latin1'));
}

/**
 * Signs the named signature field of a PDF and returns the signed file: the input's bytes
 * unchanged followed by an incremental update (an encrypted or repaired input is rewritten
 * unencrypted first). Errors: CERTIFICATE_PASSWORD_INCORRECT, CERTIFICATE_INVALID,
 * INVALID_PARAMS (no such signature field, or it is signed already), the open errors of every tool.
 */
export function signFieldBytes(bytes: Uint8Array, password: string | undefined, signature: CertificateSignature, now = new Date()): Uint8Array {
  const identity = readPkcs12(signature.pkcs12, signature.password);
  const opened = openPdfBytes(bytes, password, documentFail);
  let { doc } = opened;
  try {
    // Not doc.needsPassword(): asked after authentication, MuPDF tries the empty password and forgets the key.
    if (opened.encrypted || !doc.canBeSavedIncrementally()) {
      const plain = saveDocument(doc);
      doc.destroy();
      doc = openPdfBytes(plain, undefined, documentFail).doc;
    }
    const { widget, page } = signatureWidget(doc, signature.field);
    const signer = commonName(identity.certificate);
    try {
      const sig = doc.addObject(doc.newDictionary());
      sig.put('Type', doc.newName('Sig'));
      sig.put('Filter', doc.newName('Adobe.PPKLite'));
      sig.put('SubFilter', doc.newName('adbe.pkcs7.detached'));
      sig.put('ByteRange', BYTE_RANGE_PLACEHOLDER);
      sig.put('Contents', doc.newByteString(new Uint8Array(SIGNATURE_ROOM)));
      sig.put('M', doc.newString(pdfDate(now)));
      sig.put('Name', doc.newString(signer));
      if (signature.reason) sig.put('Reason', doc.newString(signature.reason));
      if (signature.location) sig.put('Location', doc.newString(signature.location));
      fieldObject(widget.getObject()).put('V', sig);
      const form = doc.getTrailer().get('Root', 'AcroForm');
      // SignaturesExist and AppendOnly: viewers keep later changes incremental.
      if (form.isDictionary()) form.put('SigFlags', 3);
      drawAppearance(doc, widget, signer, now);
    } finally {
      page.destroy();
    }
    const saved = doc.saveToBuffer('incremental');
    let file: Buffer;
    try {
      file = Buffer.from(saved.asUint8Array());
    } finally {
      saved.destroy();
    }
    return sealSignature(file, identity, now);
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw documentFail('FILE_DAMAGED', `cannot sign: ${reasonOf(err)}`);
  } finally {
    doc.destroy();
  }
}

/** Writes the byte range and the PKCS#7 signature over it into the room MuPDF left. */
function sealSignature(file: Buffer, identity: SigningIdentity, now: Date): Buffer {
  const room = `<${'0'.repeat(SIGNATURE_ROOM * 2)}>`;
  const contentsAt = lastIndexOf(file, room);
  const rangeKey = lastIndexOf(file, '/ByteRange');
  if (contentsAt < 0 || rangeKey < 0) throw new Error('the signature dictionary was not written as expected');
  const rangeStart = file.indexOf('[', rangeKey);
  const rangeEnd = file.indexOf(']', rangeStart) + 1;
  const afterContents = contentsAt + room.length;
  const byteRange = [0, contentsAt, afterContents, file.length - afterContents];
  const rangeText = `[${byteRange.join(' ')}]`;
  const width = rangeEnd - rangeStart;
  if (rangeText.length > width) throw new Error('the byte range does not fit its placeholder');
  file.write(rangeText.padEnd(width, ' '), rangeStart, 'latin1');

  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(Buffer.concat([file.subarray(0, contentsAt), file.subarray(afterContents)]).toString('binary'));
  p7.addCertificate(identity.certificate);
  for (const certificate of identity.chain) p7.addCertificate(certificate);
  p7.addSigner({
    key: identity.key,
    certificate: identity.certificate,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime!, value: now as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  const der = Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  if (der.length > SIGNATURE_ROOM) throw new CatalogueError('CERTIFICATE_INVALID', `the signature takes ${der.length} bytes, more than ${SIGNATURE_ROOM}`);
  file.write(der.toString('hex').toUpperCase().padEnd(SIGNATURE_ROOM * 2, '0'), contentsAt + 1, 'latin1');
  return file;
}
