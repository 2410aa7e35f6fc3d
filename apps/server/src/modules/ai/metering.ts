/**
 * The one place AI use is metered (SPEC §8, §9): per owner and UTC month, the questions asked
 * (chat and AI read: 50 free, 500 paid) and the tokens counted (5,000 free, 50,000 Premium,
 * 2,000,000 for AI members). A question is taken before its answer is written, by a
 * conditional statement, so two racing requests cannot both pass the last one; its tokens are
 * added when the answer ends. With the paywalls off (PAYWALLS=off) nothing is refused and
 * everyone is shown the AI plan's allowance.
 */
import { CatalogueError, limitsFor, limitTierOf, type LimitKey } from '@pagewright/contracts';
import type { Identity } from '../../http/identity.js';
import { utcMonth } from '../billing/entitlements.js';
import type { AiRepo } from './repo.js';

export interface Allowance {
  tokens: number;
  questions: number;
}

export interface Usage {
  period: string;
  tokensUsed: number;
  questionsUsed: number;
  allowance: Allowance;
}

/** A question taken from the month's allowance; its tokens are charged to the same month. */
export interface Admission {
  readonly owner: string;
  readonly period: string;
  readonly question: boolean;
}

export class Metering {
  constructor(private readonly repo: AiRepo, private readonly paywalls: boolean) {}

  allowance(identity: Identity, key: LimitKey = 'ChatPDF'): Allowance {
    const tier = this.paywalls ? limitTierOf(identity.user, key) : 'ai';
    const limits = limitsFor(key, tier, identity.group);
    return { tokens: limits.aiTokens, questions: limits.chatQuestionsPerMonth };
  }

  async usage(identity: Identity, now = Date.now()): Promise<Usage> {
    const period = utcMonth(now);
    const row = await this.repo.usage(identity.owner, period);
    return { period, tokensUsed: row.tokens_used, questionsUsed: row.questions_used, allowance: this.allowance(identity) };
  }

  /**
   * Before an answer: 11007 when the month's questions are used, 11003 when its tokens are;
   * otherwise takes one question (`question: false` checks the tokens only: a summary).
   */
  async admit(identity: Identity, key: LimitKey, options: { question: boolean }, now = Date.now()): Promise<Admission> {
    const period = utcMonth(now);
    const owner = identity.owner;
    const allowance = this.allowance(identity, key);
    if (this.paywalls) {
      const used = await this.repo.usage(owner, period);
      if (options.question && used.questions_used >= allowance.questions) throw new CatalogueError(11007, `${owner} asked ${used.questions_used} questions in ${period}`);
      if (used.tokens_used >= allowance.tokens) throw new CatalogueError(11003, `${owner} used ${used.tokens_used} tokens in ${period}`);
    }
    if (options.question && !(await this.repo.takeQuestion(owner, period, this.paywalls ? allowance.questions : null))) {
      throw new CatalogueError(11007, `${owner} took the last question of ${period} in a race`);
    }
    return { owner, period, question: options.question };
  }

  /** After an answer (finished, cancelled or failed): the tokens it counted. */
  async charge(admission: Admission, tokens: number): Promise<void> {
    await this.repo.addTokens(admission.owner, admission.period, Math.max(0, Math.round(tokens)));
  }

  /** An answer that never started (the provider failed before writing): the question is given back. */
  async giveBack(admission: Admission): Promise<void> {
    if (admission.question) await this.repo.returnQuestion(admission.owner, admission.period);
  }
}
