/**
 * Logistic regression over standardised features, fitted by batch gradient descent with an L2
 * penalty, and the ROC AUC that measures it. Small and deterministic: the same training set
 * always gives the same weights, so the shipped model can be rebuilt and checked.
 */

export interface LogisticModelJson {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

export interface FitOptions {
  iterations?: number;
  learningRate?: number;
  l2?: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export class LogisticModel {
  constructor(readonly json: LogisticModelJson) {}

  /** Fits on rows of feature values (in `features` order) with labels 1 (machine) and 0 (human). */
  static fit(features: string[], rows: number[][], labels: number[], options: FitOptions = {}): LogisticModel {
    const { iterations = 3000, learningRate = 0.3, l2 = 0.01 } = options;
    const dims = features.length;
    const mean = Array.from({ length: dims }, (_, j) => rows.reduce((s, r) => s + r[j]!, 0) / rows.length);
    const scale = mean.map((m, j) => Math.sqrt(rows.reduce((s, r) => s + (r[j]! - m) ** 2, 0) / rows.length) || 1);
    const x = rows.map((r) => r.map((v, j) => (v - mean[j]!) / scale[j]!));
    const weights = new Array<number>(dims).fill(0);
    let bias = 0;
    for (let step = 0; step < iterations; step += 1) {
      const gradient = new Array<number>(dims).fill(0);
      let gradientBias = 0;
      for (let i = 0; i < x.length; i += 1) {
        const row = x[i]!;
        const error = sigmoid(bias + row.reduce((s, v, j) => s + v * weights[j]!, 0)) - labels[i]!;
        for (let j = 0; j < dims; j += 1) gradient[j]! += error * row[j]!;
        gradientBias += error;
      }
      for (let j = 0; j < dims; j += 1) weights[j] = weights[j]! - learningRate * (gradient[j]! / x.length + l2 * weights[j]!);
      bias -= learningRate * (gradientBias / x.length);
    }
    return new LogisticModel({ features, mean, scale, weights, bias });
  }

  /** Each feature's pull on the log-odds (positive: towards machine-written). */
  contributions(values: Record<string, number>): number[] {
    const { features, mean, scale, weights } = this.json;
    return features.map((name, j) => (((values[name] ?? mean[j]!) - mean[j]!) / scale[j]!) * weights[j]!);
  }

  probability(values: Record<string, number>): number {
    return sigmoid(this.json.bias + this.contributions(values).reduce((a, b) => a + b, 0));
  }
}

/** Area under the ROC curve: the chance that a random machine passage scores above a random human one (ties count half). */
export function rocAuc(scores: number[], labels: number[]): number {
  const positives = scores.filter((_, i) => labels[i] === 1);
  const negatives = scores.filter((_, i) => labels[i] === 0);
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/** The share of human passages (label 0) scored at or above the threshold. */
export function falsePositiveRate(scores: number[], labels: number[], threshold: number): number {
  const human = scores.filter((_, i) => labels[i] === 0);
  return human.length ? human.filter((s) => s >= threshold).length / human.length : Number.NaN;
}

/** The lowest threshold that keeps the false-positive rate on these (training) human scores at or below `maxFpr`. */
export function thresholdFor(scores: number[], labels: number[], maxFpr: number): number {
  const human = scores.filter((_, i) => labels[i] === 0).sort((a, b) => b - a);
  const allowed = Math.floor(human.length * maxFpr);
  // Just above the (allowed+1)-th highest human score: at most `allowed` human passages reach it.
  const bar = human[allowed] ?? 0;
  return Math.min(1, bar + 1e-6);
}
