/**
 * The limit checks of SPEC §5 that run in the page: file sizes before an upload starts, and
 * the server's limit refusals turned into the pay dialog or the guest's sign-in prompt.
 */
import { acceptsFile, tierOf, type ToolDefinition } from '@pagewright/contracts';
import { toApiError } from '../api/ApiError';
import { useAccountStore } from '../account/accountStore';
import type { PayGuide } from '../billing/payGuides';
import { openPayDialog } from '../billing/payStore';
import { useGuestLimit } from './guestLimit';
import { decideFileSize, refusalAction, type LimitAccount } from './limitRules';

/** The account as the limit rules read it, at this moment. */
export function currentLimitAccount(): LimitAccount {
  const { user, group } = useAccountStore.getState();
  return { tier: tierOf(user), pay: Boolean(user?.pay), ai: Boolean(user?.ai), group };
}

export interface ScreenedUploads {
  accepted: File[];
  /** Files above the paid maximum, which no plan takes (SPEC §8 4012), with that maximum. */
  tooLarge: { file: File; maximum: number }[];
  /** Files an upgrade would take: the pay dialog is open for them. */
  needUpgrade: File[];
}

/**
 * Sorts picked files by the size rule of the tool's limit key before any byte is sent: too
 * large for every plan, an upgrade away (opens the pay dialog once for the lot), or accepted.
 * Files of a type the tool does not take pass as accepted, for the type check to report.
 */
export function screenUploads(tool: ToolDefinition, files: readonly File[], account: LimitAccount = currentLimitAccount()): ScreenedUploads {
  const screened: ScreenedUploads = { accepted: [], tooLarge: [], needUpgrade: [] };
  let guide: PayGuide | undefined;
  for (const file of files) {
    if (!acceptsFile(tool, file.name)) {
      screened.accepted.push(file);
      continue;
    }
    const decision = decideFileSize(file.size, tool.limitKey, account);
    if (decision.kind === 'tooLarge') screened.tooLarge.push({ file, maximum: decision.maximum });
    else if (decision.kind === 'upgrade') {
      screened.needUpgrade.push(file);
      guide ??= decision.guide;
    } else screened.accepted.push(file);
  }
  if (guide) openPayDialog(guide);
  return screened;
}

/**
 * Answers a limit refusal from the server with the pay dialog or the guest's sign-in prompt.
 * Says whether the caller still shows its error toast: yes for other failures and for guides
 * that come with an alert (SPEC §8), no when the dialog says it all.
 */
export function handleLimitRefusal(error: unknown): { toast: boolean; limit: boolean } {
  const action = refusalAction(toApiError(error).code, currentLimitAccount());
  if (!action || action.kind === 'message') return { toast: true, limit: false };
  if (action.kind === 'guestSignIn') {
    useGuestLimit.getState().show(action.reason);
    return { toast: false, limit: true };
  }
  openPayDialog(action.guide);
  return { toast: action.alert, limit: true };
}

/** Whether a refusal is a limit that a sign-in or an upgrade lifts (SPEC §6), not a failure. */
export function isLimitRefusal(error: unknown): boolean {
  const action = refusalAction(toApiError(error).code, currentLimitAccount());
  return action !== null && action.kind !== 'message';
}
