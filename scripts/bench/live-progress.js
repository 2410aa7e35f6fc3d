// live-progress benchmark: how soon a page learns that its task finished, and whether a long
// task's progress moves, through the task's server-sent event stream (task-events) against the
// 2 s polling of get-task-result (SPEC §4) that it replaces. Starts the built server (its
// embedded defaults in a temporary data directory) as a child process, runs real tasks through
// its API, and reads each task's finish time from its database row (updated_at, the server's
// clock, which is this machine's).
//   - result latency: receipt of the finished task minus its finish time, median and worst over
//     short tasks (rotate-pdf on a small PDF): stream (target <= 150 ms) and polling
//   - progress: distinct progress values the stream delivered while a long task ran (PDF to Word
//     of the corpus's largest PDF; target >= 1 for a task longer than 2 s)
// Usage: npm run bench -- live-progress [--iterations N] (N short tasks, default 10).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchBrowser, corpusFiles, startBuiltServer, stats } from './lib.js';

const POLL_INTERVAL_MS = 2000;



/** Reads a task's event stream to its end; returns each event's receipt time and data. */
async function streamEvents(client, taskId) {
  const res = await client.call(`/api/task-events?task_id=${taskId}`);
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error(`no event stream: HTTP ${res.status}`);
  const events = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('data: ')) events.push({ at: Date.now(), data: JSON.parse(block.slice(6)) });
    }
  }
  return events;
}

/** Polls get-task-result every 2 s, as the fallback does; returns when the task is done. */
async function pollUntilDone(client, taskId) {
  for (;;) {
    const result = await client.json(`/api/get-task-result?task_id=${taskId}`);
    if (result.items.every((item) => item.is_done)) return Date.now();
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }
}

export async function run({ iterations }) {
  const corpus = corpusFiles();
  if (!corpus) {
    console.log('live-progress: corpus not found (set PAGEWRIGHT_CORPUS); nothing to measure');
    return 0;
  }
  const small = corpus.find((f) => !f.encrypted && f.file.includes('004-pdflatex-4-pages'))?.file ?? corpus[0].file;
  const large = [...corpus].filter((f) => !f.encrypted).sort((a, b) => (b.pages ?? 0) - (a.pages ?? 0))[0];
  const { base, dataDir, stop } = await startBuiltServer('live');
  try {
    const db = new Database(join(dataDir, 'pagewright.db'), { readonly: true });
    const finishedAt = (taskId) => db.prepare('select updated_at from tasks where task_id = ?').get(taskId).updated_at;
    const client = benchBrowser(base);
    const smallId = await client.upload('small.pdf', readFileSync(small));

    const streamed = [];
    const polled = [];
    for (let i = 0; i < iterations; i++) {
      const { task_id: viaStream } = await client.post('/api/document/rotate', { file_id: smallId, angle: 90 });
      const events = await streamEvents(client, viaStream);
      streamed.push(events.at(-1).at - Number(finishedAt(viaStream)));
      const { task_id: viaPoll } = await client.post('/api/document/rotate', { file_id: smallId, angle: 90 });
      const seenAt = await pollUntilDone(client, viaPoll);
      polled.push(seenAt - Number(finishedAt(viaPoll)));
    }
    const s = stats(streamed);
    const p = stats(polled);
    console.log(`live-progress benchmark: ${iterations} rotate-pdf tasks each way on ${small.slice(small.lastIndexOf('/') + 1)}`);
    console.log(`  result latency, event stream: median ${s.median.toFixed(0)} ms, worst ${Math.max(...streamed).toFixed(0)} ms  (target <= 150 ms)`);
    console.log(`  result latency, 2 s polling:  median ${p.median.toFixed(0)} ms, worst ${Math.max(...polled).toFixed(0)} ms`);

    const largeId = await client.upload('large.pdf', readFileSync(large.file));
    const started = Date.now();
    const { task_id: longTask } = await client.post('/api/converter', { file_id: largeId, output_format: 'docx' });
    const events = await streamEvents(client, longTask);
    const seconds = (Date.now() - started) / 1000;
    const moving = new Set(events.filter((e) => !e.data.items[0].is_done).map((e) => e.data.items[0].progress).filter((v) => v > 0));
    console.log(`  progress: PDF to Word of ${large.file.slice(large.file.lastIndexOf('/') + 1)} (${large.pages} pages) took ${seconds.toFixed(1)} s; `
      + `the stream delivered ${events.length} events, ${moving.size} distinct progress values between start and end  (target >= 1 past 2 s)`);
    db.close();
    const met = s.median <= 150 && (seconds <= 2 || moving.size >= 1);
    console.log(met ? '  targets met' : '  target missed');
    return 0;
  } finally {
    await stop();
  }
}
