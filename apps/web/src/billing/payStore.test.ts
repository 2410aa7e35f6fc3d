import { beforeEach, describe, expect, it } from 'vitest';
import { usePayDialog } from './payStore';

const dialog = () => usePayDialog.getState();

beforeEach(() => dialog().hide());

describe('pay dialog (SPEC §4)', () => {
  it('opens with its guide and a fresh payment state', () => {
    dialog().setPayment({ status: 'failed', errorCode: 500 });
    dialog().open('limit');
    expect(dialog()).toMatchObject({ opened: true, guide: 'limit', payment: { status: 'idle' } });
  });

  it('hides on close and resets the payment state', () => {
    dialog().open('fileSize');
    dialog().setPayment({ status: 'checkingOut' });
    dialog().close();
    expect(dialog().opened).toBe(false);
    expect(dialog().payment).toEqual({ status: 'idle' });
  });

  it('stays shown on close with the ocr guide, still resetting the payment state', () => {
    dialog().open('ocr');
    dialog().setPayment({ status: 'failed', errorCode: 500 });
    dialog().close();
    expect(dialog().opened).toBe(true);
    expect(dialog().payment).toEqual({ status: 'idle' });
  });

  it('does not open a closed dialog when close is called again', () => {
    dialog().close();
    expect(dialog().opened).toBe(false);
  });
});
