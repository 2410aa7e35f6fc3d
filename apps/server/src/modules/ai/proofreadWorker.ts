/**
 * Runs in a worker thread (proofreadPool.ts): nspell reads a Hunspell dictionary synchronously,
 * and Debian's French one takes about 20 s, which would stall every request of the API thread.
 * The dictionaries stay loaded as long as the thread lives.
 */
import { Proofreader, type Finding } from '@pagewright/ai';
import type { ProofreadLanguage } from '@pagewright/contracts';

export interface ProofreadTask {
  text: string;
  language: ProofreadLanguage;
}

const proofreader = new Proofreader();

export default function run(task: ProofreadTask): Promise<Finding[]> {
  return proofreader.check(task.text, task.language);
}
