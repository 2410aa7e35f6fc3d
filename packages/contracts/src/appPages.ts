/**
 * The /app children of SPEC §2 that are not tool workspaces, with their route flags. Tools
 * carry theirs in the tool table (tools.ts); these pages have no tool definition.
 */
import type { LimitKey } from './tools.js';

export const appPageNames = [
  'home', 'chat-pdf', 'ai-detector-result', 'ai-read', 'document-cloud', 'download-file',
  'pdf-editor', 'automated-test', 'ai-proofread', 'ai-translator', 'pdf-converter',
] as const;
export type AppPageName = (typeof appPageNames)[number];

export interface AppPageFlags {
  singleUpload: boolean;
  forceCloudUpload: boolean;
  forceLogin: boolean;
  aiPage: boolean;
  extensionCheck: boolean;
  currentFileNeeded: boolean;
  /** The page keeps a history of past sessions (chat, AI read). */
  keepHistory: boolean;
  /** Scanned files are checked for a text layer first (chat). */
  checkOcr: boolean;
  imageSizeLimit: boolean;
  /** An encrypted file is asked for its password before the page opens it. */
  decrypt: boolean;
  limitKey?: LimitKey;
}

const none: AppPageFlags = {
  singleUpload: false, forceCloudUpload: false, forceLogin: false, aiPage: false,
  extensionCheck: false, currentFileNeeded: false, keepHistory: false, checkOcr: false,
  imageSizeLimit: false, decrypt: false,
};

const aiPage = (limitKey: LimitKey, extra: Partial<AppPageFlags> = {}): AppPageFlags => ({
  ...none, singleUpload: true, forceCloudUpload: true, forceLogin: true, aiPage: true,
  extensionCheck: true, currentFileNeeded: true, limitKey, ...extra,
});

/** Route flags of SPEC §2. */
export const appPageFlags: Readonly<Record<AppPageName, AppPageFlags>> = {
  home: none,
  'chat-pdf': aiPage('ChatPDF', { keepHistory: true, checkOcr: true }),
  'ai-read': aiPage('AIRead', { keepHistory: true }),
  'ai-proofread': aiPage('AIRead'),
  'ai-translator': aiPage('AIRead'),
  'ai-detector-result': { ...none, limitKey: 'AIDetector' },
  'document-cloud': { ...none, forceLogin: true },
  'download-file': none,
  'pdf-editor': { ...none, imageSizeLimit: true, currentFileNeeded: true, decrypt: true, extensionCheck: true },
  'automated-test': none,
  'pdf-converter': { ...none, decrypt: true, extensionCheck: true },
};

export function isAppPageName(name: string): name is AppPageName {
  return (appPageNames as readonly string[]).includes(name);
}

/** Pages where the activity box stays hidden (SPEC §2). */
export const activityBoxHiddenPages: readonly AppPageName[] = [
  'chat-pdf', 'ai-read', 'ai-proofread', 'ai-translator', 'pdf-editor',
];

/** Entering one of these with files in the list asks before leaving (SPEC §4 leaving flow). */
export const leavingConfirmTargets: readonly AppPageName[] = [
  'chat-pdf', 'ai-read', 'ai-translator', 'ai-proofread',
];
