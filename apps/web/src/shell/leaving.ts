import { isToolPageName, leavingConfirmTargets, type AppPageName } from '@pagewright/contracts';
import type { TaskPhase } from '../files/fileStore';
import { appPageOf } from './appPage';

export interface LeavingMove {
  fromPath: string;
  toPath: string;
  /** Files in the list of the page being left. */
  fileCount: number;
  taskPhase: TaskPhase;
}

const templatePath = /^(?:\/(?:de|es|fr|jp|pt))?\/template(?:\/|$)/;

/**
 * SPEC §4 leaving flow: leaving home, a template or a tool workspace while its files are not
 * done, or entering chat, AI read, translator or proofread with files, asks first; confirming
 * drops the file list. A change of query on the same page is not leaving.
 */
export function needsLeavingConfirm(move: LeavingMove): boolean {
  if (move.fileCount === 0 || move.fromPath === move.toPath) return false;
  const to = appPageOf(move.toPath);
  if (to !== null && (leavingConfirmTargets as readonly string[]).includes(to as AppPageName)) return true;
  const from = appPageOf(move.fromPath);
  const fromWork = from === 'home' || (from !== null && isToolPageName(from)) || templatePath.test(move.fromPath);
  return fromWork && move.taskPhase !== 'done';
}
