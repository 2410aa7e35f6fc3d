// cloud benchmark: how fast the document cloud answers at the scale of a heavy user, through
// the built server's API (its embedded SQLite and local storage in a temporary data directory).
//   - list: POST /v2/cloud/list of a folder holding 10,000 documents, paged as the page asks
//     (100 per page; first, middle and last page; by date and by name). Target: < 100 ms.
//     The 10,000 rows are written into the database directly (uploading 10,000 files through
//     the API would take the benchmark's whole time and measure uploads, not listing).
//   - search: POST /v2/cloud/list with a keyword over 1,000 PDFs uploaded, kept and indexed
//     through the API (each with its own text). Target: < 200 ms, median and worst.
// Usage: npm run bench -- cloud [--iterations N] (N timed requests per case, default 10).
import { createHash, randomUUID } from 'node:crypto';

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ms, startBuiltServer, stats } from './lib.js';

const LIST_DOCUMENTS = 10_000;
const INDEXED_PDFS = Number(process.env.PAGEWRIGHT_BENCH_CLOUD_PDFS ?? 1000);
const NEVER = 8_640_000_000_000_000;


/** A one-page PDF with Helvetica text lines, as the server's own fixtures make them. */
function makePdf(lines) {
  const content = ['BT /F1 11 Tf 72 740 Td 14 TL', ...lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
  ];
  let out = '%PDF-1.7\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A deterministic vocabulary of made-up words and a Zipf-like pick from it, so documents share common words and differ in rare ones. */
function textMaker(seed = 7) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qui', 'dor', 'len', 'mar', 'sol', 'tek'];
  const vocabulary = Array.from({ length: 20_000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)];
  return (lines, words) => Array.from({ length: lines }, () => Array.from({ length: words }, word).join(' '));
}

function client(base) {
  let cookie = '';
  const call = async (path, init = {}) => {
    const res = await fetch(base + path, { ...init, headers: { ...init.headers, ...(cookie ? { cookie } : {}) } });
    for (const set of res.headers.getSetCookie()) cookie = [cookie, set.split(';')[0]].filter(Boolean).join('; ');
    return res;
  };
  const json = async (method, path, data) => {
    const res = await call(path, { method, ...(data === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) }) });
    const body = await res.json();
    if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
    return body.data;
  };
  return {
    json,
    async upload(name, bytes) {
      const md5 = createHash('md5').update(bytes).digest('hex');
      const { file_id: fileId, policy } = await json('POST', '/api/file/oss/object', { filename: name, file_size: bytes.length, md5_code: md5 });
      const res = await call(policy.sts_url.replace(/^https?:\/\/[^/]+/, ''), { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
      if ((await res.json()).code !== 0) throw new Error('upload failed');
      return fileId;
    },
  };
}

async function timed(iterations, fn) {
  const samples = [];
  await fn();
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

export async function run({ iterations }) {
  const { base, dataDir, stop } = await startBuiltServer('cloud');
  try {
    const user = client(base);
    await user.json('POST', '/api/v2/user/register', { email: `bench-${randomUUID()}@example.com`, password: 'bench password 1', first_name: 'Bench', last_name: 'User' });
    await user.json('POST', '/api/v2/cloud/capacity/receive');

    // 10,000 documents in one folder, written as the service writes them.
    const folder = await user.json('POST', '/api/v2/cloud/directory/create', { name: 'Archive', parent_id: '' });
    const db = new Database(join(dataDir, 'pagewright.db'));
    const { owner } = db.prepare('select owner from cloud_folders where folder_id = ?').get(folder.folder_id);
    const now = Date.now();
    const insertFile = db.prepare(`insert into files (file_id, filename, file_size, md5_code, status, storage_key, expired_type, expires_at, created_at, owner)
      values (?, ?, 1000, 'd41d8cd98f00b204e9800998ecf8427e', 'uploaded', ?, 0, ?, ?, ?)`);
    const insertDoc = db.prepare(`insert into cloud_documents (file_id, owner, folder_id, name, name_key, size, starred, created_at, updated_at, opened_at)
      values (?, ?, ?, ?, ?, 1000, 0, ?, ?, ?)`);
    db.transaction(() => {
      for (let i = 0; i < LIST_DOCUMENTS; i++) {
        const id = randomUUID().replace(/-/g, '');
        const name = `document ${String(i).padStart(5, '0')}.pdf`;
        insertFile.run(id, name, `uploads/${id}`, NEVER, now - i, owner);
        insertDoc.run(id, owner, folder.folder_id, name, name, now - i * 1000, now - i * 1000, null);
      }
    })();
    db.close();

    const pages = LIST_DOCUMENTS / 100;
    const listCases = [
      ['first page, newest first', { folder_id: folder.folder_id, page: 1, page_size: 100 }],
      ['middle page, newest first', { folder_id: folder.folder_id, page: pages / 2, page_size: 100 }],
      ['last page, by name', { folder_id: folder.folder_id, page: pages, page_size: 100, sort: 'name', order: 'asc' }],
    ];
    process.stdout.write(`cloud/list of a folder of ${LIST_DOCUMENTS} documents, 100 per page (target < 100 ms)\n`);
    let worst = 0;
    for (const [label, body] of listCases) {
      let count = 0;
      const s = await timed(iterations, async () => {
        count = (await user.json('POST', '/api/v2/cloud/list', body)).documents.length;
      });
      worst = Math.max(worst, s.max);
      process.stdout.write(`  ${label.padEnd(28)} median ${ms(s.median)}  worst ${ms(s.max)}  (${count} documents)\n`);
    }

    // 1,000 PDFs through the API: upload, keep in the cloud (which indexes the text layer).
    const text = textMaker();
    const needles = [];
    const started = performance.now();
    for (let i = 0; i < INDEXED_PDFS; i++) {
      const lines = text(40, 12);
      const rare = `zq${i.toString(36)}marker`;
      if (i % Math.max(1, Math.floor(INDEXED_PDFS / 10)) === 0) needles.push(rare);
      lines[20] += ` ${rare}`;
      const fileId = await user.upload(`report ${i}.pdf`, makePdf(lines));
      await user.json('PUT', '/api/v2/cloud/oss/file/create', { file_id: fileId, folder_id: '' });
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\nindexed ${INDEXED_PDFS} PDFs through upload + cloud/oss/file/create in ${seconds.toFixed(1)} s (${(INDEXED_PDFS / seconds).toFixed(1)} per s)\n`);
    const common = text(1, 1)[0];
    const searchCases = [
      ['a rare word (1 hit)', needles[Math.min(3, needles.length - 1)]],
      ['a common word', common],
      ['two words', `${common} ${text(1, 1)[0]}`],
      ['a prefix', needles.at(-1).slice(0, 6)],
      ['a name', 'report 77'],
    ];
    process.stdout.write(`cloud/list with a keyword over ${INDEXED_PDFS + LIST_DOCUMENTS} documents (${INDEXED_PDFS} indexed PDFs; target < 200 ms)\n`);
    let worstSearch = 0;
    for (const [label, keyword] of searchCases) {
      let total = 0;
      const s = await timed(iterations, async () => {
        total = (await user.json('POST', '/api/v2/cloud/list', { keyword, page: 1, page_size: 100 })).total;
      });
      worstSearch = Math.max(worstSearch, s.max);
      process.stdout.write(`  ${label.padEnd(28)} median ${ms(s.median)}  worst ${ms(s.max)}  (${total} found)\n`);
    }
    const passed = worst < 100 && worstSearch < 200;
    process.stdout.write(`\nlist worst ${ms(worst)} (target < 100 ms), search worst ${ms(worstSearch)} (target < 200 ms): ${passed ? 'met' : 'NOT met'}\n`);
    return passed ? 0 : 1;
  } finally {
    await stop();
  }
}
