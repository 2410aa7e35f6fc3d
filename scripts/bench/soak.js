// soak benchmark: mixed tasks from 8 concurrent clients for 30 minutes against the built
// server (its embedded defaults in a temporary data directory), to see that it keeps up and
// that memory comes back. Prints tasks done, errors by code, latency (upload to result, p50 and
// p95) by kind, and the server's RSS (from /api/health) at start, after warm-up, at peak and at
// the end after a minute idle. Target: end RSS within 20 % of the RSS after warm-up.
// Usage: npm run bench -- soak   (PAGEWRIGHT_SOAK_MINUTES=N to change the 30 minutes,
// PAGEWRIGHT_SOAK_CLIENTS=N the 8 clients).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { corpusFiles, startBuiltServer, stats } from './lib.js';

const MINUTES = Number(process.env.PAGEWRIGHT_SOAK_MINUTES ?? 30);
const CLIENTS = Number(process.env.PAGEWRIGHT_SOAK_CLIENTS ?? 8);
const IDLE_MS = 60_000;


/** A small text PDF when the corpus is absent. */
function makePdf(text) {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.7\n';
  const offsets = [];
  objects.forEach((body, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${body}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
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
    return res.json();
  };
  return {
    json,
    async upload(name, bytes) {
      const md5 = createHash('md5').update(bytes).digest('hex');
      const declared = await json('POST', '/api/file/oss/object', { filename: name, file_size: bytes.length, md5_code: md5 });
      if (declared.code !== 0) return { code: declared.code };
      const { file_id: fileId, policy } = declared.data;
      const local = (url) => url.replace(/^https?:\/\/[^/]+/, '');
      const octets = { 'content-type': 'application/octet-stream' };
      if (bytes.length <= policy.chunk_threshold) {
        const stored = await (await call(local(policy.sts_url), { method: 'PUT', headers: octets, body: bytes })).json();
        return stored.code === 0 ? { fileId } : { code: stored.code };
      }
      const parts = Math.ceil(bytes.length / policy.part_size);
      for (let part = 1; part <= parts; part++) {
        const body = bytes.subarray((part - 1) * policy.part_size, part * policy.part_size);
        const stored = await (await call(local(policy.part_url.replace('{part}', String(part))), { method: 'PUT', headers: octets, body })).json();
        if (stored.code !== 0) return { code: stored.code };
      }
      const done = await json('POST', local(policy.sts_url), { parts });
      return done.code === 0 ? { fileId } : { code: done.code };
    },
    async task(path, body) {
      const created = await json('POST', path, body);
      if (created.code !== 0) return created.code;
      for (;;) {
        const r = await json('GET', `/api/get-task-result?task_id=${created.data.task_id}`);
        if (r.code !== 0) return r.code;
        const item = r.data.items[0];
        if (item.is_done) return item.status;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

async function health(base) {
  return (await (await fetch(`${base}/api/health`)).json()).data;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function run() {
  // Password-protected files would only answer 3122 here: the soak measures work, not refusals.
  const pdfs = (corpusFiles() ?? [])
    .filter((f) => !f.encrypted)
    .map((f) => ({ name: f.file.split('/').pop(), bytes: readFileSync(f.file) }))
    .filter((f) => f.bytes.length < 3 * 1024 * 1024)
    .slice(0, 12);
  if (pdfs.length === 0) pdfs.push({ name: 'generated.pdf', bytes: makePdf('Soak test page') });
  const { base, stop } = await startBuiltServer('soak');
  try {
    const kinds = [
      { kind: 'info', run: (c, id) => c.json('GET', `/api/document/info?file_id=${id}`).then((r) => r.code) },
      { kind: 'compress', run: (c, id) => c.task('/api/compress', { file_id: id }) },
      { kind: 'rotate', run: (c, id) => c.task('/api/document/rotate', { file_id: id, angle: 90 }) },
      { kind: 'split', run: (c, id) => c.task('/api/split', { file_id: id, mode: 'every' }) },
      { kind: 'pdf-to-word', run: (c, id) => c.task('/api/converter', { file_id: id, output_format: 'docx' }) },
      { kind: 'pdf-to-jpg', run: (c, id) => c.task('/api/converter', { file_id: id, output_format: 'jpg' }) },
    ];
    const start = await health(base);
    const latencies = new Map();
    const errors = new Map();
    let done = 0;
    let peak = start.memory.rss;
    const sampler = setInterval(() => void health(base).then((h) => { peak = Math.max(peak, h.memory.rss); }, () => undefined), 2000);
    const work = async (until, index) => {
      const c = client(base);
      for (let n = 0; Date.now() < until; n++) {
        const pdf = pdfs[(index + n) % pdfs.length];
        const kind = kinds[(index * 7 + n) % kinds.length];
        const t0 = performance.now();
        const uploaded = await c.upload(pdf.name, pdf.bytes);
        const code = uploaded.fileId ? await kind.run(c, uploaded.fileId) : uploaded.code;
        const ms = performance.now() - t0;
        if (code === 0) {
          done++;
          if (!latencies.has(kind.kind)) latencies.set(kind.kind, []);
          latencies.get(kind.kind).push(ms);
        } else {
          errors.set(String(code), (errors.get(String(code)) ?? 0) + 1);
        }
      }
    };
    // Warm-up: a minute (or a tenth of the run) of the same load, then the RSS it settles at.
    const warmMs = Math.min(60_000, MINUTES * 6_000);
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => work(Date.now() + warmMs, i)));
    const warm = await health(base);
    latencies.clear();
    errors.clear();
    done = 0;
    const t0 = Date.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => work(t0 + MINUTES * 60_000, i)));
    const seconds = (Date.now() - t0) / 1000;
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const end = await health(base);

    process.stdout.write(`soak: ${CLIENTS} clients, ${MINUTES} min of mixed tasks on ${pdfs.length} PDFs\n`);
    process.stdout.write(`  tasks done ${done} (${(done / seconds).toFixed(2)} per s)\n`);
    process.stdout.write(`  errors by code: ${errors.size === 0 ? 'none' : [...errors].map(([c, n]) => `${c} x${n}`).join(', ')}\n`);
    for (const [kind, samples] of latencies) {
      const s = stats(samples);
      const p95 = [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)] ?? s.max;
      process.stdout.write(`  ${kind.padEnd(12)} n=${String(samples.length).padStart(5)}  p50 ${s.median.toFixed(0)} ms  p95 ${p95.toFixed(0)} ms\n`);
    }
    process.stdout.write(`  RSS: start ${mb(start.memory.rss)}, after warm-up ${mb(warm.memory.rss)}, peak ${mb(peak)}, end (after ${IDLE_MS / 1000} s idle) ${mb(end.memory.rss)}\n`);
    process.stdout.write(`  engine threads replaced ${end.engine.threads_replaced}; event loop max ${end.event_loop.max_ms} ms (last 1-2 min)\n`);
    const within = end.memory.rss <= warm.memory.rss * 1.2;
    process.stdout.write(`  end RSS within 20 % of warm-up RSS: ${within ? 'yes' : 'NO'}\n`);
    return within && errors.size === 0 ? 0 : 1;
  } finally {
    await stop();
  }
}
