/** The messages between the server and its engine worker threads. */
export interface MergeOperation {
  op: 'merge';
  inputs: { path: string; password?: string }[];
  outputPath: string;
}

export interface InfoOperation {
  op: 'info';
  path: string;
  password?: string;
}

export type EngineOperation = MergeOperation | InfoOperation;

export type EngineOutcome<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; code: string | number; message: string };

export interface ProgressMessage {
  progress: number;
}
