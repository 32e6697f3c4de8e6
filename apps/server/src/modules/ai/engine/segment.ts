import { Jieba } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';
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
 * Adds words (admins' synonyms, an agent's knowledge terms) to the shared dictionary, each once.
 * The dictionary is one per process (jieba's is ~50 MB), so another agent's words can change how a
 * message is cut after an index was built; the character and pinyin terms still meet in that case,
 * and real words rarely cut a sentence worse.
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

/** Characters that begin or end a phrase rather than a term (能用, 洗牙会, 我要). */
const NOT_TERM_EDGE = /^[能要会有我你他她不可还就都也很是在的了吗呢吧啊和与或想让给被把后前些]|[能要会有我你他她不可还就都也很是在的了吗呢吧啊和与或想让给被把些]$/;

/**
 * The terms of an agent's own knowledge the dictionary lacks (洗牙, 根管, 早鸟价, 返费): what the
 * segmenter's statistical mode finds in the stored questions where its dictionary mode only sees
 * single characters, without the phrases that begin or end with a function character. Added to
 * the dictionary, so the customer's message is cut the same way.
 */
export function knowledgeTerms(texts: Iterable<string>): string[] {
  const terms = new Set<string>();
  const jieba = segmenter();
  for (const text of texts) {
    const plain = new Set(jieba.cut(text, false));
    for (const word of jieba.cut(text, true)) {
      if (word.length >= 2 && word.length <= 4 && /^[\u4e00-\u9fff]+$/.test(word) && !plain.has(word) && !NOT_TERM_EDGE.test(word)) terms.add(word);
    }
  }
  return [...terms];
}

/** Words of a (normalised) text; punctuation and spaces are dropped. */
export function cut(text: string): string[] {
  return segmenter()
    .cut(text, false)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/**
 * Loads the dictionary and the idf table now rather than in the first customer turn that needs
 * them (the server calls this at start).
 */
export function warmSegmenter(): void {
  segmenter();
  everydayWords();
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

/**
 * jieba's idf table was computed over a large general corpus: the lower a word's idf there, the more
 * it is everyday language (一直 4.6, 以后 4.3, 发现 4.4) rather than a name for something (拉萨 8.6,
 * 电子厂 12.8, 退款 10.1). Words at or under EVERYDAY_IDF weigh EVERYDAY_WEIGHT, words at or above
 * NAMING_IDF weigh 1, linearly between; words the table lacks are rare and weigh 1.
 */
const EVERYDAY_IDF = 5;
const NAMING_IDF = 7;
const EVERYDAY_WEIGHT = 0.2;

/** Background idf of the words under NAMING_IDF (~3,500 of the table's 270,000), read on first use. */
let everyday: Map<string, number> | null = null;

function everydayWords(): Map<string, number> {
  if (!everyday) {
    everyday = new Map();
    for (const line of new TextDecoder().decode(idf).split('\n')) {
      const [word, value] = line.split(' ');
      const idfValue = Number(value);
      if (word && idfValue < NAMING_IDF) everyday.set(word, idfValue);
    }
  }
  return everyday;
}

/** How much a word names something rather than being everyday language: EVERYDAY_WEIGHT–1. */
export function namingWeight(word: string): number {
  const value = everydayWords().get(word);
  if (value === undefined) return 1;
  const share = Math.max(0, (value - EVERYDAY_IDF) / (NAMING_IDF - EVERYDAY_IDF));
  return EVERYDAY_WEIGHT + (1 - EVERYDAY_WEIGHT) * share;
}
