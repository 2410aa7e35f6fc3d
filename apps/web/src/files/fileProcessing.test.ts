import type { UserInfo } from '@pagewright/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { useAccountStore } from '../account/accountStore';
import { uploadsToCloud } from './fileProcessing';
import { useFileStore } from './fileStore';

const user = { user_id: 'u1', ws_id: 'w1', first_name: 'A', last_name: 'B', email: 'a@example.com', avatar: '', pay: 0, ai: 0, career: null, ws_token: '', userType: 1 } satisfies UserInfo;

afterEach(() => {
  useAccountStore.getState().setUser(null);
  useFileStore.getState().bindTool('merge-pdf');
});

describe('uploadsToCloud (auto_oss_upload)', () => {
  it('sends a signed-in user\'s files on a forced-cloud page straight to the cloud', () => {
    useAccountStore.getState().setUser(user);
    useFileStore.getState().bindTool('ai-detector');
    expect(uploadsToCloud()).toBe(true);
  });

  it('keeps a guest\'s files on a forced-cloud page, and everyone\'s on other pages, as ordinary uploads', () => {
    useFileStore.getState().bindTool('ai-detector');
    expect(uploadsToCloud()).toBe(false);
    useAccountStore.getState().setUser(user);
    useFileStore.getState().bindTool('merge-pdf');
    expect(uploadsToCloud()).toBe(false);
  });
});
