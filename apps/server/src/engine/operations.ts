/**
 * The worker protocol of the engine pool. The operations themselves are the engine's
 * (`operations` in @pagewright/engine); the main thread imports their types only, so MuPDF is
 * loaded by the workers alone.
 */
export type { OperationArgs, OperationName, OperationResult } from '@pagewright/engine';

/** `retire`: the thread asks to be ended (its WebAssembly state broke, or it served its share). */
export type EngineOutcome<T = unknown> = ({ ok: true; value: T } | { ok: false; code: string | number; message: string; broken?: boolean })
  & { threadId?: number; retire?: boolean };

/** What a thread posts on a call's port: its progress, or the outcome of a call after which it retires. */
export type WorkerMessage = { progress: number } | { outcome: EngineOutcome };
