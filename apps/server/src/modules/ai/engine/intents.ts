import { analyze, type Vocabulary } from './analyze';
import { INTENT_BANK } from './intent-bank';
import { BUILTIN_MAP } from './lexicon';

/**
 * The built-in intent model (docs/ai-service.md §意图): how much a text expresses each need of the intent
 * bank (intent-bank/index.ts), as the cosine between its terms and the centroid of that need's examples.
 * The terms are those retrieval compares (analyze.ts: words read through the lexicon, pinyin pairs,
 * characters), weighted by kind and by their idf over the examples. It lets a message that describes a
 * situation (「要出国半年 这卡咋办」) meet an entry that names the need (「会员卡可以暂停吗」) when the two share
 * no word, which the lexicon cannot do word by word.
 */

/** Characters and pinyin pairs count, but a word says more about the need than one of its characters. */
const KIND_WEIGHTS: Readonly<Record<string, number>> = { w: 1, p: 0.5, c: 0.3 };

/** A centroid's terms below this weight (of its unit length) are left out: they are single examples' words, and halve the work. */
const CENTROID_MIN_WEIGHT = 0.01;

/** The examples are read with the built-in lexicon only: no agent's words, no typo repair into them. */
const BANK_VOCABULARY: Vocabulary = { synonyms: BUILTIN_MAP, sounds: new Map(), words: new Set(), readWords: new Set() };

/** Intent index (in INTENT_BANK) → cosine 0–1; intents the text shares no term with are absent. */
export type IntentScores = Map<number, number>;

interface Model {
  /** A term's idf over the examples; a term no example has gets the highest there is. */
  idfOf: (term: string) => number;
  /** term → [intent, weight in that intent's unit-length centroid]. */
  postings: Map<string, Array<[number, number]>>;
}

let model: Model | null = null;

/** The vector scaled to length 1 (in place); an empty or zero vector stays as it is. */
function toUnitLength(vector: Map<string, number>): Map<string, number> {
  let norm = 0;
  for (const value of vector.values()) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, value] of vector) vector.set(term, value / norm);
  return vector;
}

/** A text's analysed terms as a unit-length vector: weight × kind weight × idf. */
function weighted(terms: ReadonlyMap<string, number>, idfOf: (term: string) => number): Map<string, number> {
  const vector = new Map<string, number>();
  for (const [term, weight] of terms) vector.set(term, weight * (KIND_WEIGHTS[term[0] as string] ?? 1) * idfOf(term));
  return toUnitLength(vector);
}

function build(): Model {
  const examples = INTENT_BANK.flatMap((sample, intent) =>
    [sample.intent, ...sample.examples].map((text) => ({ intent, terms: analyze(text, BANK_VOCABULARY).terms })),
  );
  const df = new Map<string, number>();
  for (const { terms } of examples) for (const term of terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log(1 + examples.length / (count + 1)));
  const unseenIdf = Math.log(1 + examples.length);
  const idfOf = (term: string) => idf.get(term) ?? unseenIdf;
  const centroids = INTENT_BANK.map(() => new Map<string, number>());
  for (const { intent, terms } of examples) {
    const centroid = centroids[intent] as Map<string, number>;
    for (const [term, value] of weighted(terms, idfOf)) centroid.set(term, (centroid.get(term) ?? 0) + value);
  }
  const postings = new Map<string, Array<[number, number]>>();
  centroids.forEach((centroid, intent) => {
    for (const [term, value] of toUnitLength(centroid)) {
      if (value < CENTROID_MIN_WEIGHT) continue;
      let posting = postings.get(term);
      if (!posting) postings.set(term, (posting = []));
      posting.push([intent, value]);
    }
  });
  return { idfOf, postings };
}

/** The model, built on first use from the bank (about a second, once per process). */
function intentModel(): Model {
  model ??= build();
  return model;
}

/** Builds the model now rather than in the first customer turn that needs it (the server calls this at start). */
export function warmIntents(): void {
  intentModel();
}

/** How much the text whose analysed terms these are expresses each intent of the bank. */
export function intentsOf(terms: ReadonlyMap<string, number>): IntentScores {
  const { idfOf, postings } = intentModel();
  const scores: IntentScores = new Map();
  for (const [term, value] of weighted(terms, idfOf)) {
    for (const [intent, weight] of postings.get(term) ?? []) scores.set(intent, (scores.get(intent) ?? 0) + value * weight);
  }
  return scores;
}

/** The standard question naming an intent of the bank. */
export const intentName = (intent: number): string => INTENT_BANK[intent]?.intent ?? '';
