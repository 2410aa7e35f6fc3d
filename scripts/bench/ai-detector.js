// AI-text detector benchmark: `npm run bench -- ai-detector` (after `npx tsc -b packages/ai`).
// Scores the held-out test passages of packages/ai/data/detector/passages.json (130 human, 130
// machine; the models were fitted on the train split, see that folder's README) with the
// shipped detector and reports the ROC AUC and the false-positive rate on human passages at the
// shipped threshold (targets: AUC >= 0.85, FPR <= 5 %), with the train split's numbers beside
// them and the mean time per passage. Exit code 1 when a target is not met.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'ai', 'data', 'detector');
const AUC_TARGET = 0.85;
const FPR_TARGET = 0.05;

export async function run() {
  const ai = await import('@pagewright/ai');
  const detector = ai.AiTextDetector.load(new URL(`file://${DATA}/`));
  const model = JSON.parse(readFileSync(join(DATA, 'model.json'), 'utf8'));
  const passages = JSON.parse(readFileSync(join(DATA, 'passages.json'), 'utf8'));
  let code = 0;
  for (const split of ['train', 'test']) {
    const set = passages.filter((p) => p.split === split);
    const labels = set.map((p) => (p.label === 'machine' ? 1 : 0));
    const start = performance.now();
    const scores = set.map((p) => detector.probability(p.text));
    const perPassage = (performance.now() - start) / set.length;
    const auc = ai.rocAuc(scores, labels);
    const fpr = ai.falsePositiveRate(scores, labels, model.threshold);
    const machine = scores.filter((_, i) => labels[i] === 1);
    const tpr = machine.filter((s) => s >= model.threshold).length / machine.length;
    process.stdout.write(
      `ai-detector ${split}: ${labels.filter((l) => l === 0).length} human, ${labels.filter((l) => l === 1).length} machine; ROC AUC ${auc.toFixed(3)}; ` +
        `threshold ${model.threshold.toFixed(3)}: false positives on human ${(fpr * 100).toFixed(1)} %, machine caught ${(tpr * 100).toFixed(1)} %; ${perPassage.toFixed(2)} ms/passage\n`,
    );
    if (split === 'test' && (auc < AUC_TARGET || fpr > FPR_TARGET)) {
      process.stdout.write(`ai-detector: target missed (AUC >= ${AUC_TARGET}, FPR <= ${FPR_TARGET * 100} %)\n`);
      code = 1;
    }
  }
  process.stdout.write(`ai-detector: machine passages by ${model.measured.generator} (a stand-in for a real model; see packages/ai/data/detector/README.md)\n`);
  return code;
}
