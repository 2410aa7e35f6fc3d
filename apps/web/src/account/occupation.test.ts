import { afterEach, describe, expect, it } from 'vitest';
import {
  askOccupationIfDue,
  closeOccupationSurvey,
  occupationAnswer,
  otherTextAtLimit,
  shouldAskOccupation,
  useSurveyStore,
  type CloseRecords,
} from './occupation';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2025, 5, 1);
const newUser = { user_id: 'u1', career: null };

function memoryRecords(initial: Record<string, number> = {}): CloseRecords & { data: Record<string, number> } {
  const data = { ...initial };
  return { data, read: (id) => data[id] ?? null, write: (id, at) => { data[id] = at; } };
}

afterEach(() => useSurveyStore.setState({ opened: false }));

describe('shouldAskOccupation', () => {
  it('asks a signed-in user without a career who never closed the survey', () => {
    expect(shouldAskOccupation(newUser, null, now)).toBe(true);
    expect(shouldAskOccupation({ user_id: 'u1', career: '' }, null, now)).toBe(true);
  });

  it('never asks a guest or a user who has a career', () => {
    expect(shouldAskOccupation(null, null, now)).toBe(false);
    expect(shouldAskOccupation({ user_id: 'u1', career: 'design' }, null, now)).toBe(false);
  });

  it('waits 7 days after a close, and asks again at exactly 7 days', () => {
    expect(shouldAskOccupation(newUser, now - 7 * DAY + 1, now)).toBe(false);
    expect(shouldAskOccupation(newUser, now - DAY, now)).toBe(false);
    expect(shouldAskOccupation(newUser, now - 7 * DAY, now)).toBe(true);
    expect(shouldAskOccupation(newUser, now - 30 * DAY, now)).toBe(true);
  });
});

describe('occupationAnswer', () => {
  it('needs a choice before submit is enabled', () => {
    expect(occupationAnswer(null, '')).toBeNull();
    expect(occupationAnswer('design', '')).toBe('design');
  });

  it('takes the trimmed Other text, refusing whitespace only', () => {
    expect(occupationAnswer('other', '   ')).toBeNull();
    expect(occupationAnswer('other', '')).toBeNull();
    expect(occupationAnswer('other', '  beekeeper ')).toBe('beekeeper');
  });

  it('disables submit and shows the limit tip when Other reaches 48 characters', () => {
    expect(otherTextAtLimit('x'.repeat(47))).toBe(false);
    expect(occupationAnswer('other', 'x'.repeat(47))).toBe('x'.repeat(47));
    expect(otherTextAtLimit('x'.repeat(48))).toBe(true);
    expect(occupationAnswer('other', 'x'.repeat(48))).toBeNull();
  });
});

describe('close records', () => {
  it('records the close per user, so another user on the same browser is still asked', () => {
    const records = memoryRecords();
    closeOccupationSurvey('u1', records, now);
    expect(records.data).toEqual({ u1: now });
    expect(useSurveyStore.getState().opened).toBe(false);
    expect(askOccupationIfDue({ user_id: 'u1', career: null }, records, now + DAY)).toBe(false);
    expect(askOccupationIfDue({ user_id: 'u2', career: null }, records, now + DAY)).toBe(true);
    expect(useSurveyStore.getState().opened).toBe(true);
  });

  it('opens the survey again once 7 days have passed since the close', () => {
    const records = memoryRecords({ u1: now });
    expect(askOccupationIfDue(newUser, records, now + 7 * DAY)).toBe(true);
    expect(useSurveyStore.getState().opened).toBe(true);
  });
});
