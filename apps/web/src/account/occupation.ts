import { occupationMaxLength, timing, type OccupationOption, type UserInfo } from '@pagewright/contracts';
import { create } from 'zustand';

const DAY_MS = 24 * 60 * 60 * 1000;
const closeKey = (userId: string) => `pagewright_survey_closed:${userId}`;

/**
 * SPEC §4: ask a signed-in user without a career when they never closed the survey or closed it
 * 7 or more days ago.
 */
export function shouldAskOccupation(
  user: Pick<UserInfo, 'user_id' | 'career'> | null,
  closedAt: number | null,
  now: number,
): boolean {
  if (!user || (user.career ?? '').trim() !== '') return false;
  return closedAt === null || now - closedAt >= timing.surveyReaskDays * DAY_MS;
}

/** At 48 characters the limit tip shows and submit is disabled (SPEC §5). */
export function otherTextAtLimit(text: string): boolean {
  return text.length >= occupationMaxLength;
}

/** The occupation to send, or null while the choice is not valid (SPEC §5). */
export function occupationAnswer(choice: OccupationOption | null, otherText: string): string | null {
  if (choice === null) return null;
  if (choice !== 'other') return choice;
  if (otherText.trim() === '' || otherTextAtLimit(otherText)) return null;
  return otherText.trim();
}

export interface CloseRecords {
  read(userId: string): number | null;
  write(userId: string, at: number): void;
}

/** Close timestamps per user in localStorage; unreadable storage counts as never closed. */
export const localCloseRecords: CloseRecords = {
  read(userId) {
    try {
      const value = Number(localStorage.getItem(closeKey(userId)));
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  },
  write(userId, at) {
    try {
      localStorage.setItem(closeKey(userId), String(at));
    } catch {
      // Without storage the survey is simply asked again next time.
    }
  },
};

interface SurveyState {
  opened: boolean;
}

export const useSurveyStore = create<SurveyState>(() => ({ opened: false }));

/** Opens the survey when the rules of SPEC §4 say this user should be asked now. */
export function askOccupationIfDue(
  user: Pick<UserInfo, 'user_id' | 'career'> | null,
  records: CloseRecords = localCloseRecords,
  now = Date.now(),
): boolean {
  const due = user !== null && shouldAskOccupation(user, records.read(user.user_id), now);
  if (due) useSurveyStore.setState({ opened: true });
  return due;
}

/** Closing without an answer: remembered per user so the survey waits 7 days. */
export function closeOccupationSurvey(userId: string, records: CloseRecords = localCloseRecords, now = Date.now()): void {
  records.write(userId, now);
  useSurveyStore.setState({ opened: false });
}
