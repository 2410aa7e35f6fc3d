/**
 * The file list of a tool page (SPEC §3 "File list item"). Every state change goes through the
 * contracts file state machine (SPEC §4), so a refused transition is a bug caught where it
 * happens rather than a row showing an impossible state.
 */
import {
  transition,
  type FileEvent,
  type FileState,
  type ToolPageName,
} from '@pagewright/contracts';
import { create } from 'zustand';
import type { ApiErrorCode } from '../api/ApiError';

export interface OssInfo {
  file_id: string;
  file_size?: number;
  file_url?: string;
  total_page?: number;
  page_w?: number;
  page_h?: number;
}

export interface FileItem {
  uid: string;
  name: string;
  size: number;
  raw: File;
  state: FileState;
  /** Upload percentage, 0-100: bytes acknowledged by the server over the file's size. */
  percentage: number;
  /** Whether the bytes are stored (SPEC §3 isUploadOss). */
  isUploadOss: boolean;
  ossInfo?: OssInfo;
  /** The password that opened an encrypted file. */
  password?: string;
  /** Why the file failed (damaged, type error, upload failure). */
  errorCode?: ApiErrorCode;
  /** The user closed the password dialog for this file; it stays out of processing. */
  passwordSkipped?: boolean;
}

export type TaskPhase = 'idle' | 'running' | 'done' | 'failed';

/** The tool run over the list: one task on the server, polled until done. */
export interface TaskRun {
  phase: TaskPhase;
  progress: number;
  taskId?: string;
  /** A batch run: the multi_id its tasks share. */
  multiId?: string;
  /** The tasks whose results can be downloaded (one, or each file of a batch that succeeded). */
  taskIds?: string[];
  /** What each finished task reported of its result (task item `detail`), in `taskIds` order. */
  details?: (Record<string, unknown> | undefined)[];
  outputFileName?: string;
  errorCode?: ApiErrorCode;
}

const idleTask: TaskRun = { phase: 'idle', progress: 0 };

interface FileListState {
  toolPageName: ToolPageName | null;
  files: FileItem[];
  task: TaskRun;
  /** Binds the list to a tool page; switching to another tool starts an empty list. */
  bindTool: (pageName: ToolPageName) => boolean;
  add: (raws: readonly File[]) => FileItem[];
  /** Moves a file through the state machine; throws on a transition SPEC §4 refuses. */
  dispatch: (uid: string, event: FileEvent, target?: FileState) => void;
  patch: (uid: string, patch: Partial<Omit<FileItem, 'uid' | 'state'>>) => void;
  remove: (uid: string) => void;
  move: (uid: string, toIndex: number) => void;
  setTask: (patch: Partial<TaskRun>) => void;
  reset: () => void;
}

let counter = 0;
function newUid(): string {
  counter += 1;
  return `f${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export const useFileStore = create<FileListState>((set, get) => ({
  toolPageName: null,
  files: [],
  task: idleTask,

  bindTool: (pageName) => {
    if (get().toolPageName === pageName) return false;
    set({ toolPageName: pageName, files: [], task: idleTask });
    return true;
  },

  add: (raws) => {
    const added = raws.map((raw): FileItem => ({
      uid: newUid(),
      name: raw.name,
      size: raw.size,
      raw,
      state: transition('initial', 'localAdd'),
      percentage: 0,
      isUploadOss: false,
    }));
    set((state) => ({ files: [...state.files, ...added] }));
    return added;
  },

  dispatch: (uid, event, target) => {
    set((state) => ({
      files: state.files.map((file) =>
        file.uid === uid ? { ...file, state: transition(file.state, event, target) } : file),
    }));
  },

  patch: (uid, patch) => {
    set((state) => ({
      files: state.files.map((file) => (file.uid === uid ? { ...file, ...patch } : file)),
    }));
  },

  remove: (uid) => set((state) => ({ files: state.files.filter((file) => file.uid !== uid) })),

  move: (uid, toIndex) => {
    set((state) => {
      const from = state.files.findIndex((file) => file.uid === uid);
      if (from < 0) return state;
      const to = Math.max(0, Math.min(toIndex, state.files.length - 1));
      if (from === to) return state;
      const files = [...state.files];
      const [moved] = files.splice(from, 1);
      if (moved) files.splice(to, 0, moved);
      return { files };
    });
  },

  setTask: (patch) => set((state) => ({ task: { ...state.task, ...patch } })),

  reset: () => set({ files: [], task: idleTask }),
}));

export function getFile(uid: string): FileItem | undefined {
  return useFileStore.getState().files.find((file) => file.uid === uid);
}

/** Files a task can use: stored, readable, and opened when encrypted. */
export function isReady(file: FileItem): boolean {
  return (file.state === 'ossSuccessful' || file.state === 'taskingFailed') && file.ossInfo !== undefined;
}

/** Files the running task is working on: neither waiting, nor left out. */
export function isInTask(file: FileItem): boolean {
  return file.state === 'tasking' || file.state === 'converting' || file.state === 'convertSuccessful' || file.state === 'ocrChecking';
}

/** Files still moving towards ready (hashing, uploading, reading document info). */
export function isPending(file: FileItem): boolean {
  return file.state === 'localAdded' || file.state === 'ossUploading' || file.state === 'decrypted';
}
