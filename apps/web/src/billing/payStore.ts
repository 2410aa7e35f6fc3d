import { create } from 'zustand';
import type { ApiErrorCode } from '../api/ApiError';
import { closeHides, type PayGuide } from './payGuides';

/** Where a purchase started from the pay dialog stands. */
export type PaymentStatus = 'idle' | 'checkingOut' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  errorCode?: ApiErrorCode;
}

const idlePayment: PaymentState = { status: 'idle' };

interface PayDialogState {
  opened: boolean;
  guide: PayGuide;
  payment: PaymentState;
  open: (guide: PayGuide) => void;
  /** The user closed the dialog: the payment state resets; the 'ocr' guide stays shown. */
  close: () => void;
  /** Hides the dialog whatever its guide (the page it guarded was left). */
  hide: () => void;
  setPayment: (payment: PaymentState) => void;
}

/** The pay dialog of SPEC §4: shown with a guide from anywhere a limit is met. */
export const usePayDialog = create<PayDialogState>((set, get) => ({
  opened: false,
  guide: 'upgrade',
  payment: idlePayment,
  open: (guide) => set({ opened: true, guide, payment: idlePayment }),
  close: () => set({ payment: idlePayment, opened: get().opened && !closeHides(get().guide) }),
  hide: () => set({ opened: false, payment: idlePayment }),
  setPayment: (payment) => set({ payment }),
}));

export function openPayDialog(guide: PayGuide): void {
  usePayDialog.getState().open(guide);
}
