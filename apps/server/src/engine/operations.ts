/**
 * The worker protocol of the engine pool. The operations themselves are the engine's
 * (`operations` in @pagewright/engine); the main thread imports their types only, so MuPDF is
 * loaded by the workers alone.
 */
export type { OperationArgs, OperationName, OperationResult } from '@pagewright/engine';

/** `retire`: the thread asks to be ended (its WebAssembly state broke, or it served its share). */
export type EngineOutcome<T = unknown> = ({ ok: true; value: T } | { ok: false; code: string | number; message: string; broken?: boolean; retired?: boolean })
  & { threadId?: number; retire?: boolean };

export interface ProgressMessage {
  progress: number;
}
