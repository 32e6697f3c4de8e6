import { CHAT_MESSAGE_MAX } from '@acs/shared';
import { CHATTER_WORDS, HEAD_SUFFIXES, normalizeWord, STOP_WORDS } from './lexicon';
import { isCjk, normalizeForMatch } from './normalize';
import { cut, namingWeight, pinyinOf } from './segment';

/**
 * What retrieval compares of a text: its words, each read through the synonym groups (包邮 → 运费),
 * and the pinyin of neighbouring characters, which meet across homophone typos (优慧 ~ 优惠) and
 * words the segmenter cut differently on the two sides.
 *
 * Term keys: `w:` a word (canonical form), `p:` a pinyin pair, `c:` a character. Weights before
 * idf: a word 1, a chit-chat word CHATTER_WEIGHT, a word unknown to the lexicon and the agent's
 * questions by how much it names something in general Chinese (segment.ts namingWeight), a pinyin
 * pair PAIR_WEIGHT and a character CHAR_WEIGHT of their word's weight.
 */

export const CHATTER_WEIGHT = 0.45;
const PAIR_WEIGHT = 0.4;
const CHAR_WEIGHT = 0.2;
/** Digits say little on their own (15 in 「iphone 15」 does, 2 in 「2个」 does not). */
const NUMBER_WEIGHT = 0.5;
/** An answer is read this far: what it is about is said at its start. */
const ANSWER_READ_MAX = 600;

export interface Analysis {
  /** term → summed weight (before idf). */
  terms: Map<string, number>;
  /** Canonical content words in order (no stop words). */
  words: string[];
  /** Words the customer glued a head character to (快递 in 快递员): the entry's sense of them is not asked. */
  headed: Set<string>;
  /** The content words joined: two texts with the same key ask the same thing. */
  key: string;
}

function addTerm(terms: Map<string, number>, term: string, weight: number): void {
  terms.set(term, (terms.get(term) ?? 0) + weight);
}

/** Tokens of a text with their canonical word and whether they are chit-chat. */
interface Token {
  surface: string;
  word: string;
  weight: number;
}

/** How an index reads words: synonym groups, and words known by their sound for typo repair. */
export interface Vocabulary {
  /** word → the word it is read as (built-in and the agent's own groups). */
  synonyms: ReadonlyMap<string, string>;
  /** toneless pinyin of a known word (lexicon and the agent's stored questions) → that word. */
  sounds: ReadonlyMap<string, string>;
  /** Words of the agent's stored questions: never «repaired» into something else. */
  words: ReadonlySet<string>;
  /** The same words as read (through the synonym groups): what a typo may be repaired into. */
  readWords: ReadonlySet<string>;
}

/** A word of the lexicon or of the agent's stored questions. */
const isKnownWord = (word: string, vocabulary: Vocabulary): boolean => vocabulary.synonyms.has(word) || vocabulary.words.has(word);

const soundOf = (word: string): string => [...word].map(pinyinOf).join('');

/** Known words of one source by sound, and the sounds two of its words share that read differently. */
export interface SoundTier {
  sounds: ReadonlyMap<string, string>;
  clashes: ReadonlySet<string>;
}

/**
 * The words of one source by sound. A sound two words share is left out (it would guess) unless both
 * are read as the same word (`read`: through the synonym groups).
 */
export function soundTier(words: Iterable<string>, read: (word: string) => string = (word) => word): SoundTier {
  const sounds = new Map<string, string>();
  const clashes = new Set<string>();
  for (const word of words) {
    if (word.length < 2 || word.length > 4 || ![...word].every(isCjk)) continue;
    const sound = soundOf(word);
    if (clashes.has(sound)) continue;
    const known = sounds.get(sound);
    if (known === undefined) sounds.set(sound, word);
    else if (read(known) !== read(word)) {
      sounds.delete(sound);
      clashes.add(sound);
    }
  }
  return { sounds, clashes };
}

/** Tiers by precedence (an agent's own words, then the lexicon's): a sound an earlier tier has or found ambiguous stays so. */
export function soundsOf(tiers: readonly SoundTier[]): Map<string, string> {
  const sounds = new Map<string, string>();
  const settled = new Set<string>();
  for (const tier of tiers) {
    for (const [sound, word] of tier.sounds) if (!settled.has(sound)) sounds.set(sound, word);
    for (const sound of tier.sounds.keys()) settled.add(sound);
    for (const sound of tier.clashes) settled.add(sound);
  }
  return sounds;
}

/** A typo window this long may hold a stop word: 营|也|时间 sounds like the agent's 营业时间 as a whole. */
const STOP_WINDOW_MIN = 4;

/**
 * A window of 2–4 characters over two or more neighbouring pieces that sounds like a known word it
 * is not (优|慧 for 优惠, 开发|漂 for 开发票) is read as that word. A single piece is a dictionary
 * word (可是 is not 课时, 那里 is not 哪里), and shorter windows with a stop word are left alone (也, 在
 * and 是 are mostly what they are). A typo is only
 * repaired into a word the agent's stored questions speak of: at a shop 「钱交了」 is not the lexicon's 扦脚.
 */
function repairTypos(pieces: string[], vocabulary: Vocabulary): string[] {
  const { synonyms, sounds } = vocabulary;
  const out: string[] = [];
  let i = 0;
  while (i < pieces.length) {
    let taken = 0;
    // Longest window first: 开发漂 before 开发.
    for (let j = Math.min(pieces.length, i + 4); j > i && taken === 0; j--) {
      const span = pieces.slice(i, j);
      const window = span.join('');
      // A single piece of two or more characters is a word of the dictionary (可是, 那里): not a typo.
      if (span.length < 2 || (span.join('').length < STOP_WINDOW_MIN && span.some((piece) => STOP_WORDS.has(piece)))) continue;
      if (window.length < 2 || window.length > 4 || ![...window].every(isCjk) || isKnownWord(window, vocabulary)) continue;
      const word = sounds.get(window.split('').map(pinyinOf).join(''));
      if (word !== undefined && word !== window && vocabulary.readWords.has(synonyms.get(word) ?? word)) {
        out.push(word);
        taken = j - i;
      }
    }
    if (taken === 0) {
      out.push(pieces[i] as string);
      taken = 1;
    }
    i += taken;
  }
  return out;
}

/** How many pieces may stand between the two characters of a separated word (洗|个|澡, 车|搁|哪儿|停). */
const SEPARATED_GAP = 2;

/**
 * Two-character words customers take apart (离合词): 洗个澡, 拔个牙, 理个发, and the object put first,
 * 车停哪. Two single characters at most SEPARATED_GAP pieces apart that make a known word, in either
 * order, are read as that word where the first one stood.
 */
function joinSeparated(pieces: string[], vocabulary: Vocabulary): string[] {
  const single = (piece: string | undefined) => piece !== undefined && piece.length === 1 && isCjk(piece);
  // A stop word (请, 给) joins only into a word the agent's questions have: 假怎么请 at an employer's.
  const joins = (word: string) => ([...word].some((char) => STOP_WORDS.has(char)) ? vocabulary.words.has(word) : isKnownWord(word, vocabulary));
  const out = [...pieces];
  for (let i = 0; i < out.length; i++) {
    const first = out[i] as string;
    if (!single(first)) continue;
    for (let j = i + 2; j <= Math.min(out.length - 1, i + 1 + SEPARATED_GAP); j++) {
      const second = out[j] as string;
      if (!single(second)) continue;
      const word = joins(first + second) ? first + second : joins(second + first) ? second + first : null;
      if (word === null) continue;
      out[i] = word;
      out.splice(j, 1);
      break;
    }
  }
  return out;
}

/** The most content pieces a phrase of the lexicon is put back together from. */
const PHRASE_PIECES = 3;

/**
 * Neighbouring pieces that together make a lexicon phrase of three or more characters are read as
 * that phrase: a repaired typo or a joined word leaves its neighbours as they were cut (几点|尚课 →
 * 几点上课, the lexicon's 上课时间), and customers put a measure word or a modal inside a phrase
 * (「擦个窗户」 is the lexicon's 擦窗户, 「微信能付不」 its 微信付). One stop word may stand inside.
 */
function joinPhrases(pieces: string[], vocabulary: Vocabulary): string[] {
  const isPhrase = (phrase: string) => phrase.length >= 3 && [...phrase].every(isCjk) && vocabulary.synonyms.has(phrase);
  const out: string[] = [];
  let i = 0;
  while (i < pieces.length) {
    let taken = 1;
    let joined = pieces[i] as string;
    for (let k = Math.min(pieces.length, i + PHRASE_PIECES + 1); k > i + 1; k--) {
      const span = pieces.slice(i, k);
      const inner = span.slice(1, -1);
      const stops = inner.filter((piece) => STOP_WORDS.has(piece)).length;
      const whole = span.join('');
      const content = [span[0], ...inner.filter((piece) => !STOP_WORDS.has(piece)), span[span.length - 1]].join('');
      if (span.length <= PHRASE_PIECES && isPhrase(whole)) joined = whole;
      else if (stops === 1 && span.length - 1 <= PHRASE_PIECES && isPhrase(content)) joined = content;
      else continue;
      taken = k - i;
      break;
    }
    out.push(joined);
    i += taken;
  }
  return out;
}

/**
 * A lexicon phrase that begins or ends with a lexicon word of another group (保修多久 = 保修 + 多久,
 * 一个班多少人 ends with 多少人) also says what that word says: 「保修多长时间」 and a stored 「保修多久」
 * then both carry 保修 and 时长, 「几个人一个班」 and 「一个班多少人」 both 人数.
 */
function impliedWords(surface: string, synonyms: ReadonlyMap<string, string>): string[] {
  const own = synonyms.get(surface);
  if (own === undefined || surface.length < 4) return [];
  const implied = new Set<string>();
  for (let k = 2; k <= surface.length - 2; k++) {
    const head = synonyms.get(surface.slice(0, k));
    const tail = synonyms.get(surface.slice(k));
    if (head !== undefined && head !== own) implied.add(head);
    if (tail !== undefined && tail !== own) implied.add(tail);
  }
  return [...implied];
}

export function analyze(text: string, vocabulary: Vocabulary): Analysis {
  const { synonyms } = vocabulary;
  const prepared = normalizeForMatch(text.slice(0, CHAT_MESSAGE_MAX));
  const terms = new Map<string, number>();
  const words: string[] = [];
  const headed = new Set<string>();
  /** Runs of neighbouring content tokens: pinyin pairs never cross a stop word. */
  const runs: Token[][] = [[]];
  const pieces = joinPhrases(joinSeparated(repairTypos(cut(prepared), vocabulary), vocabulary), vocabulary);
  for (let i = 0; i < pieces.length; i++) {
    const surface = normalizeWord(pieces[i] as string);
    if (!surface) continue;
    if (STOP_WORDS.has(surface)) {
      runs.push([]);
      continue;
    }
    const next = pieces[i + 1];
    const word = synonyms.get(surface) ?? surface;
    if (!isCjk(surface[0] as string)) {
      // 「iphone15」 and 「iPhone 15」 are the same words.
      for (const part of word.match(/[a-z]+|\d+|[^a-z\d]+/g) ?? []) {
        addTerm(terms, `w:${part}`, /^\d+$/.test(part) ? NUMBER_WEIGHT : 1);
        words.push(part);
      }
      runs.push([]);
      continue;
    }
    // 快递 + 员: a single head character right after a word turns it into something else.
    if (surface.length >= 2 && next !== undefined && next.length === 1 && HEAD_SUFFIXES.has(next)) headed.add(word);
    const chatter = CHATTER_WORDS.has(surface) || CHATTER_WORDS.has(word);
    // A word neither the lexicon nor the agent's questions know weighs by how much it names something:
    // 「一直显示没货」's 一直 and 显示 say little, 「电子厂工资」's 电子厂 is a thing the knowledge lacks.
    const weight = (chatter ? CHATTER_WEIGHT : 1) * (isKnownWord(surface, vocabulary) ? 1 : namingWeight(surface));
    addTerm(terms, `w:${word}`, weight);
    words.push(word);
    for (const implied of impliedWords(surface, synonyms)) {
      addTerm(terms, `w:${implied}`, weight);
      words.push(implied);
    }
    (runs[runs.length - 1] as Token[]).push({ surface, word, weight });
  }
  for (const run of runs) addPinyinPairs(terms, run);
  return { terms, words, headed, key: words.join('|') };
}

/**
 * The content words of a longer text (an entry's answer), read through the synonym groups: no
 * typo repair and no character features, only what the text is about. Template variables
 * ({{company_name}}) are left out.
 */
export function contentWords(text: string, vocabulary: Vocabulary): Set<string> {
  const words = new Set<string>();
  for (const piece of cut(normalizeForMatch(text.replace(/\{\{[^}]*\}\}/g, ' ').slice(0, ANSWER_READ_MAX)))) {
    const surface = normalizeWord(piece);
    if (!surface || STOP_WORDS.has(surface) || CHATTER_WORDS.has(surface)) continue;
    if (isCjk(surface[0] as string) && surface.length < 2 && !vocabulary.synonyms.has(surface)) continue;
    words.add(vocabulary.synonyms.get(surface) ?? surface);
  }
  return words;
}

/**
 * Pinyin pairs along each run of content words, and the single characters at a low weight: where
 * the two sides were segmented differently (实木床 → 实|木床, 床多少钱 → 床|多少钱, 几号发工资 →
 * 几号|发工资 while 工资几号发 → 工资|几号|发) these still meet. They follow what the customer typed;
 * synonyms meet through the words.
 */
function addPinyinPairs(terms: Map<string, number>, run: Token[]): void {
  const chars: Array<{ char: string; weight: number }> = [];
  for (const token of run) {
    for (const char of token.surface) if (isCjk(char)) chars.push({ char, weight: token.weight });
  }
  for (let k = 0; k < chars.length; k++) {
    const { char, weight } = chars[k] as { char: string; weight: number };
    addTerm(terms, `c:${char}`, weight * CHAR_WEIGHT);
    const next = chars[k + 1];
    if (next) addTerm(terms, `p:${pinyinOf(char)}${pinyinOf(next.char)}`, Math.min(weight, next.weight) * PAIR_WEIGHT);
  }
}
