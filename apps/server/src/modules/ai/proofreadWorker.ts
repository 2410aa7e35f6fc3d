/**
 * Runs in a worker thread (proofreadPool.ts): the dictionaries are read by Hunspell processes,
 * but without the hunspell program nspell reads English, Spanish, French and German
 * synchronously, and Debian's French takes about 15 s that way, which would stall every request
 * of the API thread.
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
