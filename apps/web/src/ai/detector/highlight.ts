/**
 * The shade of a sentence in the detector's report: sentences under the threshold stay nearly
 * clear, those over it are orange, darker the higher the score, so the eye finds them without
 * a colour promising more than a score says.
 */
export function sentenceShade(score: number, likelyAi: boolean): string {
  if (!likelyAi) return `rgba(120, 120, 120, ${(0.04 + score * 0.08).toFixed(3)})`;
  return `rgba(255, 140, 0, ${(0.25 + Math.min(1, Math.max(0, score)) * 0.45).toFixed(3)})`;
}
