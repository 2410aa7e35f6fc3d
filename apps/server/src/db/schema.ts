/** Tables of the embedded and the scale-out database alike. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export type FileStatus = 'pending' | 'uploaded';
export type TaskStatus = 'queued' | 'running' | 'finished' | 'failed';

export interface FilesTable {
  file_id: string;
  filename: string;
  file_size: number;
  md5_code: string;
  status: FileStatus;
  storage_key: string;
  expired_type: number;
  expires_at: number;
  total_page: number | null;
  page_w: number | null;
  page_h: number | null;
  created_at: number;
}

export interface TasksTable {
  task_id: string;
  multi_id: string;
  kind: string;
  status: TaskStatus;
  /** 0, or the catalogue code the task failed with. */
  code: string;
  progress: number;
  params: string;
  output_file_name: string;
  output_key: string | null;
  /** JSON of what the tool reported about its result. */
  detail: string | null;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

/** Signature images a client keeps for sign-pdf (SPEC §7 file/sign). */
export interface SignaturesTable {
  client_id: string;
  file_id: string;
  width: number;
  height: number;
  created_at: number;
}

export interface Database {
  files: FilesTable;
  tasks: TasksTable;
  signatures: SignaturesTable;
}
