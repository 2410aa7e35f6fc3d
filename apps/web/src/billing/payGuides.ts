/**
 * The guides of the pay dialog (SPEC §4, §8): why the dialog opened, which decides its text
 * and the plan it offers first. AI guides offer the AI plan; the others the Premium plans.
 */
export const payGuides = [
  'limit',
  'fileSize',
  'pageLimit',
  'ocr',
  'AiUpgrade',
  'AiUpgradeAgain',
  'AiUpgradeForVip',
  'detectorLimit',
  'upgrade',
] as const;
export type PayGuide = (typeof payGuides)[number];

export function isPayGuide(value: string): value is PayGuide {
  return (payGuides as readonly string[]).includes(value);
}

const aiGuides: ReadonlySet<PayGuide> = new Set<PayGuide>(['AiUpgrade', 'AiUpgradeAgain', 'AiUpgradeForVip', 'detectorLimit']);

export function isAiGuide(guide: PayGuide): boolean {
  return aiGuides.has(guide);
}

/** The 'ocr' guide is a paywall in front of a premium-only tool: closing it does not hide it. */
export function closeHides(guide: PayGuide): boolean {
  return guide !== 'ocr';
}
