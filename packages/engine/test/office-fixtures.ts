/**
 * Office documents made at test time (no binary fixtures in the repository): minimal DOCX
 * packages, flat ODF text documents, HTML, EPUB, DXF, and the hostile variants the isolation
 * tests need (remote and local links, an auto-run macro). Plus a loopback HTTP server that
 * counts every connection, the probe those tests read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { strToU8, zipSync } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface DocxSpec {
  paragraphs: string[];
  /** An image that is only linked (r:link, TargetMode External): remote URL or file:// URL. */
  linkedImage?: string;
  /** An INCLUDEPICTURE field pointing at this URL (Word fetches it when fields update). */
  includePicture?: string;
  /** An external hyperlink (harmless: a link is not a fetch). */
  hyperlink?: string;
}

/** A DOCX that Word and LibreOffice open: one paragraph per entry, optional external references. */
export function docx(spec: DocxSpec): Uint8Array {
  const rels: string[] = [];
  const body: string[] = spec.paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${xmlText(text)}</w:t></w:r></w:p>`);
  if (spec.linkedImage) {
    rels.push(`<Relationship Id="rIdImg" Type="${R}/image" Target="${xmlText(spec.linkedImage)}" TargetMode="External"/>`);
    body.push(`<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="1905000" cy="1905000"/><wp:docPr id="1" name="Picture 1"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="x.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1905000" cy="1905000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`);
  }
  if (spec.includePicture) {
    body.push(`<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "${xmlText(spec.includePicture)}" \\d </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>picture</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`);
  }
  if (spec.hyperlink) {
    rels.push(`<Relationship Id="rIdLink" Type="${R}/hyperlink" Target="${xmlText(spec.hyperlink)}" TargetMode="External"/>`);
    body.push(`<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>a link</w:t></w:r></w:hyperlink></w:p>`);
  }
  return docxPackage(body, rels);
}

/**
 * A minimal DOCX: word/document.xml with these paragraphs (`<w:p>` elements, namespaces w and r)
 * on an A4 page, and the document's relationships.
 */
export function docxPackage(paragraphs: string[], rels: string[] = []): Uint8Array {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${paragraphs.join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1134" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`),
    'word/document.xml': strToU8(document),
    'word/_rels/document.xml.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`),
  });
}

const FODT_NAMESPACES = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:ooo="http://openoffice.org/2004/office" xmlns:dom="http://www.w3.org/2001/xml-events" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"';

export interface FodtSpec {
  paragraphs: string[];
  /** A linked (not embedded) image at this URL. */
  linkedImage?: string;
  /** A Basic macro bound to the document's load event that writes this file. */
  macroWrites?: string;
}

/**
 * Document events the macro is bound to: opening (not fired for hidden loads), and the ones a
 * converter cannot avoid: a copy being stored (the PDF export) and the document closing.
 */
const MACRO_EVENTS = ['dom:load', 'office:copy-to', 'office:copy-to-done', 'office:prepare-unload', 'dom:unload', 'office:view-created'];

/** A flat ODF text document (.fodt), the single-XML-file form of ODT. */
export function fodt(spec: FodtSpec): Uint8Array {
  const body = spec.paragraphs.map((text) => `<text:p>${xmlText(text)}</text:p>`);
  if (spec.linkedImage) {
    body.push(`<text:p><draw:frame draw:name="remote" text:anchor-type="as-char" svg:width="5cm" svg:height="5cm"><draw:image xlink:href="${xmlText(spec.linkedImage)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`);
  }
  const scripts = spec.macroWrites
    ? `<office:scripts><office:script script:language="ooo:Basic"><ooo:libraries><ooo:library-embedded ooo:name="Standard"><ooo:module ooo:name="AutoRun"><ooo:source-code>Sub OnLoad
  Dim n As Integer
  n = FreeFile
  Open "${xmlText(spec.macroWrites)}" For Output As #n
  Print #n, "the macro ran"
  Close #n
End Sub
</ooo:source-code></ooo:module></ooo:library-embedded></ooo:libraries></office:script><office:event-listeners>${MACRO_EVENTS.map((event) => `<script:event-listener script:language="ooo:script" script:event-name="${event}" xlink:href="vnd.sun.star.script:Standard.AutoRun.OnLoad?language=Basic&amp;location=document" xlink:type="simple"/>`).join('')}</office:event-listeners></office:scripts>`
    : '';
  return strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<office:document ${FODT_NAMESPACES} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">${scripts}<office:body><office:text>${body.join('')}</office:text></office:body></office:document>`);
}

/**
 * An HTML page; with `remoteBase`, remote image, style sheets, script, frame, object, font,
 * preconnect, prefetch and a refresh redirect; with `localImage`, an img of that file:// URL.
 */
export function html(paragraphs: string[], remoteBase?: string, localImage?: string): Uint8Array {
  const head = remoteBase
    ? `<link rel="stylesheet" href="${remoteBase}/style.css"><link rel="preconnect" href="${remoteBase}"><link rel="prefetch" href="${remoteBase}/prefetch"><script src="${remoteBase}/script.js"></script><style>@import url("${remoteBase}/import.css"); @font-face { font-family: Remote; src: url("${remoteBase}/font.woff2"); } body { font-family: Remote, serif; background: url("${remoteBase}/bg.png"); }</style><meta http-equiv="refresh" content="0; url=${remoteBase}/refresh">`
    : '';
  const extra = remoteBase ? `<img src="${remoteBase}/x.png" alt=""><iframe src="${remoteBase}/frame.html"></iframe><object data="${remoteBase}/object.svg"></object><video poster="${remoteBase}/poster.png"></video>` : '';
  const local = localImage ? `<img src="${localImage}" width="200" height="200" alt="">` : '';
  return strToU8(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title>${head}</head><body>${paragraphs.map((p) => `<p>${xmlText(p)}</p>`).join('')}${extra}${local}</body></html>`);
}

/** A minimal EPUB 3: one chapter per entry. */
export function epub(chapters: string[]): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': [strToU8('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'), { level: 6 }],
  };
  const manifest = chapters.map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`).join('');
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  files['OEBPS/content.opf'] = [strToU8(`<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:00000000-0000-0000-0000-000000000000</dc:identifier><dc:title>Test</dc:title><dc:language>en</dc:language></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${manifest}</manifest><spine>${spine}</spine></package>`), { level: 6 }];
  files['OEBPS/nav.xhtml'] = [strToU8('<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>nav</title></head><body><nav epub:type="toc"><ol><li><a href="c0.xhtml">1</a></li></ol></nav></body></html>'), { level: 6 }];
  chapters.forEach((text, i) => {
    files[`OEBPS/c${i}.xhtml`] = [strToU8(`<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c${i}</title></head><body><h1>Chapter ${i + 1}</h1><p>${xmlText(text)}</p></body></html>`), { level: 6 }];
  });
  return zipSync(files);
}

/** A DXF (AutoCAD R12 ASCII) with one line and one TEXT entity. */
export function dxf(text: string): Uint8Array {
  const pairs = [
    [0, 'SECTION'], [2, 'ENTITIES'],
    [0, 'LINE'], [8, '0'], [10, '0.0'], [20, '0.0'], [30, '0.0'], [11, '100.0'], [21, '50.0'], [31, '0.0'],
    [0, 'TEXT'], [8, '0'], [10, '10.0'], [20, '60.0'], [30, '0.0'], [40, '8.0'], [1, text],
    [0, 'ENDSEC'], [0, 'EOF'],
  ];
  return strToU8(pairs.map(([code, value]) => `${String(code).padStart(3)}\n${value}\n`).join(''));
}

/** A loopback HTTP server that records every connection and request made to it. */
export interface Probe {
  port: number;
  base: string;
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

export async function loopbackProbe(): Promise<Probe> {
  const sockets = new Set<Socket>();
  const probe: Probe = { port: 0, base: '', connections: 0, requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    probe.requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end();
  });
  server.on('connection', (socket: Socket) => {
    probe.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  probe.port = (server.address() as AddressInfo).port;
  probe.base = `http://127.0.0.1:${probe.port}`;
  probe.close = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
  return probe;
}

/**
 * An ODT package whose manifest declares content.xml encrypted (AES-256-CBC, PBKDF2), as
 * LibreOffice writes a password-protected document; the content is random bytes, so no
 * password would open it.
 */
export function encryptedOdt(): Uint8Array {
  const iv = Buffer.alloc(16, 1).toString('base64');
  const salt = Buffer.alloc(16, 2).toString('base64');
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="2048">
  <manifest:encryption-data manifest:checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k" manifest:checksum="${Buffer.alloc(32, 3).toString('base64')}">
   <manifest:algorithm manifest:algorithm-name="http://www.w3.org/2001/04/xmlenc#aes256-cbc" manifest:initialisation-vector="${iv}"/>
   <manifest:start-key-generation manifest:start-key-generation-name="http://www.w3.org/2000/09/xmldsig#sha256" manifest:key-size="32"/>
   <manifest:key-derivation manifest:key-derivation-name="PBKDF2" manifest:key-size="32" manifest:iteration-count="100000" manifest:salt="${salt}"/>
  </manifest:encryption-data>
 </manifest:file-entry>
</manifest:manifest>`;
  return zipSync({
    mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
    'content.xml': [Uint8Array.from({ length: 2048 }, (_, i) => (i * 131 + 7) % 256), { level: 0 }],
    'META-INF/manifest.xml': [strToU8(manifest), { level: 6 }],
  });
}
