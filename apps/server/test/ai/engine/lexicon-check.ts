import { normalizeWord, synonymMap } from '../../../src/modules/ai/engine/lexicon';
import { isCjk } from '../../../src/modules/ai/engine/normalize';

type Groups = readonly (readonly string[])[];

/**
 * Words two groups read differently: only the first group listed would count, so the second one's
 * author meant something the lexicon does not do. A group whose first word an earlier group has
 * extends that group (lexicon.ts synonymMap).
 */
export function lexiconConflicts(groups: Groups): string[] {
  const problems = groups.filter((group) => !normalizeWord(group[0] ?? '')).map(() => 'an empty group');
  synonymMap(groups, (word, kept, wanted) => problems.push(`「${word}」 is in group 「${kept}」 and in group 「${wanted}」`));
  return problems;
}

/** A word with the stop words (longest first) at its ends taken off (能退款吗 → 退款). */
function withoutStopEnds(word: string, stops: readonly string[]): string {
  let rest = word;
  for (let changed = true; changed; ) {
    const head = stops.find((s) => rest.length > s.length + 1 && rest.startsWith(s));
    if (head) rest = rest.slice(head.length);
    const tail = stops.find((s) => rest.length > s.length + 1 && rest.endsWith(s));
    if (tail) rest = rest.slice(0, -tail.length);
    changed = head !== undefined || tail !== undefined;
  }
  return rest;
}

/**
 * Words a vocabulary file should not list: stop words (dropped before the lexicon is read), chatter
 * words (too weak to decide a match), single characters (they would be cut out of every message
 * that has them), a word listed twice, and a word of its group with stop words around it (能退款吗:
 * the segmenter finds 退款 in the message anyway, and as one piece its 能 and 吗 would count as
 * characters the stored question lacks).
 */
export function vocabularyWordProblems(
  groups: Groups,
  lexicon: { stop: ReadonlySet<string>; chatter: ReadonlySet<string>; read: ReadonlyMap<string, string> },
): string[] {
  const problems: string[] = [];
  const stops = [...lexicon.stop].sort((a, b) => b.length - a.length);
  for (const group of groups) {
    const canonical = normalizeWord(group[0] ?? '');
    const seen = new Set<string>();
    for (const raw of group) {
      const word = normalizeWord(raw);
      if (seen.has(word)) problems.push(`「${word}」 twice in group 「${canonical}」`);
      seen.add(word);
      if (lexicon.stop.has(word)) problems.push(`「${word}」 (group 「${canonical}」) is a stop word`);
      if (lexicon.chatter.has(word)) problems.push(`「${word}」 (group 「${canonical}」) is a chatter word`);
      if ([...word].length < 2 && isCjk(word)) problems.push(`「${word}」 (group 「${canonical}」) is a single character`);
      const core = withoutStopEnds(word, stops);
      if (word !== canonical && core !== word && lexicon.read.get(core) !== undefined && lexicon.read.get(core) === lexicon.read.get(word)) {
        problems.push(`「${word}」 (group 「${canonical}」) is 「${core}」 with stop words around it`);
      }
    }
  }
  return problems;
}
