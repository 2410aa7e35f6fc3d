import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How long one window of the event-loop delay report lasts. */
const WINDOW_MS = 60_000;
/** A tick this late is a stall worth its own record (with its time, to find what caused it). */
const STALL_MS = 100;
const TICK_MS = 20;
const STALLS_KEPT = 20;

/**
 * The API thread's event-loop delay (how long a request could have waited for the thread),
 * over the current and the previous minute: the health report shows it, and the campaign
 * test fails when anything held the thread longer than its target.
 */
export class LoopDelayMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private previousMaxMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private readonly stalls: { at: number; ms: number }[] = [];

  start(): void {
    this.histogram.enable();
    let last = performance.now();
    this.ticker = setInterval(() => {
      const now = performance.now();
      const late = now - last - TICK_MS;
      last = now;
      if (late < STALL_MS) return;
      this.stalls.push({ at: Date.now(), ms: Math.round(late) });
      if (this.stalls.length > STALLS_KEPT) this.stalls.shift();
    }, TICK_MS);
    this.ticker.unref();
    this.timer = setInterval(() => {
      this.previousMaxMs = this.histogram.max / 1e6;
      this.histogram.reset();
    }, WINDOW_MS);
    this.timer.unref();
  }

  /**
   * Milliseconds: the longest delay of the last one to two minutes, this minute's 99th
   * percentile, and the last stalls over 100 ms with their times (epoch ms).
   */
  read(): { max_ms: number; p99_ms: number; stalls: { at: number; ms: number }[] } {
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const current = this.histogram.count > 0 ? this.histogram.max / 1e6 : 0;
    return {
      max_ms: round(Math.max(current, this.previousMaxMs)),
      p99_ms: round(this.histogram.count > 0 ? this.histogram.percentile(99) / 1e6 : 0),
      stalls: [...this.stalls],
    };
  }

  stop(): void {
    clearInterval(this.timer);
    clearInterval(this.ticker);
    this.histogram.disable();
  }
}
