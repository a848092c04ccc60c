/**
 * The category of tools the sources left in "Other" (ADR 0027): a multinomial logistic regression
 * (softmax, L2, deterministic SGD) — and, for comparison in the ADR, a naive Bayes model — over the same
 * features. Pure TypeScript, deterministic: trained on the tools that already have a category (name,
 * one-line and full description, tags), applied only when the probability of the best class is at least
 * the threshold.
 */

export type Example = { id: string; name: string; description: string; fullDescription: string; tags: string[] };
export type LabelledExample = Example & { label: string };

const STOP = new Set(
  "a an and are as at be by for from has have in is it its of on or that the this to with your you our we can will all any into more most their them they which who use uses using used based ai app apps tool tools".split(
    " ",
  ),
);

/** Words of the text, lower-case, stop words dropped, a light plural stem; tags as whole `tag:` features. */
export function features(e: Example): string[] {
  const words = `${e.name} ${e.name} ${e.description} ${e.fullDescription}`
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9+#]+/)
    .filter((w) => w.length > 1 && !STOP.has(w) && !/^\d+$/.test(w))
    .map((w) => (w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
  const tags = e.tags.map((t) => `tag:${t.toLowerCase().trim()}`);
  return [...words, ...tags, ...tags];
}

export type Model = {
  classes: string[];
  logPrior: Map<string, number>;
  logLikelihood: Map<string, Map<string, number>>;
  logUnseen: Map<string, number>;
  vocabulary: Set<string>;
};

export function train(examples: LabelledExample[], alpha = 0.5): Model {
  const counts = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  const docs = new Map<string, number>();
  const vocabulary = new Set<string>();
  for (const e of examples) {
    docs.set(e.label, (docs.get(e.label) ?? 0) + 1);
    const c = counts.get(e.label) ?? new Map<string, number>();
    counts.set(e.label, c);
    // Binary per document (a word counts once per tool): long texts do not drown short ones.
    for (const f of new Set(features(e))) {
      c.set(f, (c.get(f) ?? 0) + 1);
      totals.set(e.label, (totals.get(e.label) ?? 0) + 1);
      vocabulary.add(f);
    }
  }
  const classes = [...docs.keys()].sort();
  const n = examples.length;
  const v = vocabulary.size;
  const logPrior = new Map(classes.map((k) => [k, Math.log((docs.get(k) ?? 0) / n)]));
  const logLikelihood = new Map<string, Map<string, number>>();
  const logUnseen = new Map<string, number>();
  for (const k of classes) {
    const denom = (totals.get(k) ?? 0) + alpha * v;
    const ll = new Map<string, number>();
    for (const [f, c] of counts.get(k) ?? []) ll.set(f, Math.log((c + alpha) / denom));
    logLikelihood.set(k, ll);
    logUnseen.set(k, Math.log(alpha / denom));
  }
  return { classes, logPrior, logLikelihood, logUnseen, vocabulary };
}

export type Prediction = { label: string; confidence: number };

export function predict(model: Model, e: Example): Prediction | null {
  const fs = [...new Set(features(e))].filter((f) => model.vocabulary.has(f));
  if (fs.length < 3) return null; // too little text to say anything
  const scores = model.classes.map((k) => {
    const ll = model.logLikelihood.get(k) as Map<string, number>;
    const unseen = model.logUnseen.get(k) as number;
    let s = model.logPrior.get(k) as number;
    for (const f of fs) s += ll.get(f) ?? unseen;
    return { k, s };
  });
  const max = Math.max(...scores.map((x) => x.s));
  const z = scores.reduce((sum, x) => sum + Math.exp(x.s - max), 0);
  const best = scores.reduce((a, b) => (b.s > a.s || (b.s === a.s && b.k < a.k) ? b : a));
  return { label: best.k, confidence: Math.exp(best.s - max) / z };
}

/** A stable split: about one tool in five (by a hash of its id) is held out for evaluation. */
export function isHeldOut(id: string): boolean {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % 5 === 0;
}

export type Evaluation = { heldOut: number; predicted: number; correct: number; precision: number; coverage: number };

/** Trains on the kept part, predicts the held-out part, and reports precision above the threshold. */
export function evaluate(
  examples: LabelledExample[],
  threshold: number,
  trainer: (examples: LabelledExample[]) => Model = trainLogistic,
): Evaluation {
  const trainSet = examples.filter((e) => !isHeldOut(e.id));
  const test = examples.filter((e) => isHeldOut(e.id));
  const model = trainer(trainSet);
  let predicted = 0;
  let correct = 0;
  for (const e of test) {
    const p = predict(model, e);
    if (!p || p.confidence < threshold) continue;
    predicted++;
    if (p.label === e.label) correct++;
  }
  return {
    heldOut: test.length,
    predicted,
    correct,
    precision: predicted ? correct / predicted : 0,
    coverage: test.length ? predicted / test.length : 0,
  };
}

/** Multinomial logistic regression (softmax, L2) over the same features, trained by deterministic SGD. */
export function trainLogistic(
  examples: LabelledExample[],
  options: { epochs?: number; rate?: number; l2?: number } = {},
): Model {
  const epochs = options.epochs ?? 20;
  const rate = options.rate ?? 1;
  const l2 = options.l2 ?? 1e-4;
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const index = new Map<string, number>();
  const docs = examples.map((e) => {
    const fs = [...new Set(features(e))];
    for (const f of fs) if (!index.has(f)) index.set(f, index.size);
    return {
      ids: fs.map((f) => index.get(f) as number),
      y: classes.indexOf(e.label),
      scale: 1 / Math.sqrt(fs.length || 1),
    };
  });
  const k = classes.length;
  const w = new Float64Array(index.size * k);
  const b = new Float64Array(k);
  const scores = new Float64Array(k);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const lr = rate / (1 + epoch * 0.2);
    // A fixed permutation per epoch (deterministic, not the file's order).
    const order = docs
      .map((_, i) => i)
      .sort(
        (x, y) => (((x * 2654435761 + epoch * 97) >>> 0) % 1000003) - (((y * 2654435761 + epoch * 97) >>> 0) % 1000003),
      );
    for (const i of order) {
      const d = docs[i] as (typeof docs)[number];
      for (let c = 0; c < k; c++) {
        let s = b[c] as number;
        for (const f of d.ids) s += (w[f * k + c] as number) * d.scale;
        scores[c] = s;
      }
      const max = Math.max(...scores);
      let z = 0;
      for (let c = 0; c < k; c++) z += Math.exp((scores[c] as number) - max);
      for (let c = 0; c < k; c++) {
        const p = Math.exp((scores[c] as number) - max) / z;
        const g = p - (c === d.y ? 1 : 0);
        b[c] = (b[c] as number) - lr * g;
        for (const f of d.ids) {
          const j = f * k + c;
          w[j] = (w[j] as number) * (1 - lr * l2) - lr * g * d.scale;
        }
      }
    }
  }
  // Stored in the naive Bayes shape: a per-class prior (bias) and per-feature weights, unseen = 0.
  const logLikelihood = new Map<string, Map<string, number>>();
  classes.forEach((c, ci) => {
    const m = new Map<string, number>();
    for (const [f, fi] of index) m.set(f, w[fi * k + ci] as number);
    logLikelihood.set(c, m);
  });
  return {
    classes,
    logPrior: new Map(classes.map((c, ci) => [c, b[ci] as number])),
    logLikelihood,
    logUnseen: new Map(classes.map((c) => [c, 0])),
    vocabulary: new Set(index.keys()),
  };
}
