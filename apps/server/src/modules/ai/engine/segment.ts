import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { pinyin } from 'pinyin-pro';
import { BUILTIN_SYNONYMS, CHATTER_WORDS, STOP_WORDS } from './lexicon';

/**
 * Chinese word segmentation (jieba, dictionary mode) with the lexicon's words added, so 多少钱,
 * 几点关门 or 快递员 come out as one word. Unknown runs come out as single characters; retrieval
 * covers them with character pairs. The dictionary loads on first use (~200 ms, once per process).
 */

/** Frequency given to added words: high enough that a lexicon phrase wins over its parts. */
const ADDED_WORD_FREQ = 30_000;

let jieba: Jieba | null = null;
const added = new Set<string>();

function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    addWords([...BUILTIN_SYNONYMS.flat(), ...STOP_WORDS, ...CHATTER_WORDS]);
  }
  return jieba;
}

/**
 * Adds words (admins' synonyms, an agent's knowledge terms) to the shared dictionary. Words only
 * ever help segmentation find a unit both sides of a match are cut the same way, so sharing them
 * between agents is harmless; each word is added once.
 */
export function addWords(words: Iterable<string>): void {
  const fresh: string[] = [];
  for (const raw of words) {
    const word = raw.trim().toLowerCase();
    // Single characters are already units, and jieba's dictionary format is one word per line.
    if (word.length < 2 || /\s/.test(word) || added.has(word)) continue;
    added.add(word);
    fresh.push(`${word} ${ADDED_WORD_FREQ}`);
  }
  if (fresh.length > 0) segmenter().loadDict(Buffer.from(fresh.join('\n')));
}

/** Words of a (normalised) text; punctuation and spaces are dropped. */
export function cut(text: string): string[] {
  return segmenter()
    .cut(text, false)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/**
 * Loads the dictionary now rather than in the first customer turn that needs it (the server calls
 * this at start).
 */
export function warmSegmenter(): void {
  segmenter();
}

const pinyinCache = new Map<string, string>();

/**
 * The toneless pinyin of one character, the same whatever surrounds it, so that a homophone typo
 * (优慧 for 优惠, 邮废 for 邮费) reads like the word it stands for.
 */
export function pinyinOf(char: string): string {
  let value = pinyinCache.get(char);
  if (value === undefined) {
    value = pinyin(char, { toneType: 'none', type: 'array' })[0] ?? char;
    pinyinCache.set(char, value);
  }
  return value;
}
