import { analyze, CHATTER_WEIGHT, contentWords, soundsOf, soundTier, type Analysis, type SoundTier, type Vocabulary } from './analyze';
import { ASPECT_WORDS, BUILTIN_MAP, BUILTIN_SYNONYMS, CHATTER_WORDS, synonymMap } from './lexicon';
import { intentsOf, type IntentScores } from './intents';
import { normalizeForMatch } from './normalize';
import { addWords, cut, knowledgeTerms } from './segment';
import type { EngineKnowledge, KnowledgeHit } from './types';

/**
 * Retrieval over an agent's knowledge Q&A (docs/ai-service.md §检索与评分).
 *
 * Each phrasing of an entry (its question and similar questions) is analysed into weighted terms
 * (analyze.ts: segmented words read through the synonym groups, pinyin pairs). A term's weight is
 * its kind weight × its idf over the entries (BM25's idf: a word most entries share, 装修 for a
 * renovation company, weighs little). For a message q and a phrasing d:
 *   coverage  = matched weight / weight of d   (how much of the stored question the customer asked)
 *   precision = matched weight / weight of the clauses of q that d matches or that ask something
 *               (how much of what the customer said there the stored question explains)
 *   score     = coverage^0.4 × precision^0.5 × guards
 * The product needs both: a short phrasing of common words is not «covered» by every long message
 * that mentions them, and chatter around the question lowers precision without deciding anything
 * (in a clause of its own it does not count at all). Guards: a word the customer turned into another
 * thing (快递 in 快递员) halves the score, an entry sharing only aspect words (价格, 地址…) with a message
 * that names another thing scores less, and an entry only scores when it shares a real word with the
 * message or its characters make up most of the stored question. The same question (same content words) scores 1; an entry scores
 * its best phrasing. Then the answers are weak evidence (mixAnswers), the intent model says which
 * entries express the need the message asks about (mixIntents, intents.ts) and, with embeddings, the
 * vectors are mixed in (mixVectors).
 */

const COVERAGE_EXPONENT = 0.4;
const PRECISION_EXPONENT = 0.5;
/** A head character glued to a word the entry has (快递员 vs 快递). */
const HEADED_FACTOR = 0.5;
/**
 * Messages that are not a customer's question whatever else they name, each with what an entry that can
 * answer them speaks of: a job seeker's (「你们招装修工人吗」「模特招人吗」; 招生, 招商 and 招牌 are other
 * things) and a supplier's (「我是卖消毒设备的 你们采购吗」).
 */
const ASIDE_INTENTS = [
  { asks: /招聘|招人|招工|招募|招[^生商牌呼待手]{1,6}[吗不么没]|应聘|求职|找工作|缺人/, about: /招(?![生商牌])|聘|岗位|职位|入职|面试|求职|工作|上班|员工|兼职|薪|工资/ },
  { asks: /采购吗|要不要采购|需要采购|你们收不收|你们收购|给你们供货|供货|推销|(?:跟|和|与)你们合作|谈(?:个)?合作/, about: /采购|供货|供应|合作|加盟|代理|招商|批发/ },
];
/** An entry that does not speak of such a message's intent. */
const ASIDE_FACTOR = 0.5;
/** The ASIDE_INTENTS (by index) a text shows with `pattern`. */
const asideIntents = (text: string, pattern: 'asks' | 'about') => ASIDE_INTENTS.flatMap((intent, i) => (intent[pattern].test(text) ? [i] : []));
/** A phrasing that shares only aspect words (ASPECT_WORDS) with a message naming a thing it does not. */
const ASPECT_ONLY_FACTOR = 0.85;
/** A word that names a thing (陪驾, 体检), not an aspect of one (价格) nor chatter around the question. */
const isSubject = (word: string) => word.length >= 2 && !ASPECT_WORDS.has(word) && !CHATTER_WORDS.has(word);
/** Scores are re-checked with the guards for this many best phrasings. */
const RERANK = 40;
/** Query terms of a follow-up that come from the previous message weigh this much. */
const CONTEXT_WEIGHT = 0.5;

export interface SearchOptions {
  /** The customer's previous message: a short follow-up (「那大码呢」) is read with its topic. */
  previous?: string;
  /** Cosine similarities per knowledge id from the embeddings path (0–1), mixed with the word score. */
  vectorScores?: ReadonlyMap<number, number>;
}

interface Phrasing {
  entry: number;
  terms: Map<string, number>;
  words: Set<string>;
  key: string;
  /** The ASIDE_INTENTS it speaks of. */
  about: number[];
  /** Σ weight × idf of its terms. */
  weight: number;
}

interface Posting {
  docs: number[];
  weights: number[];
  idf: number;
}

interface Query {
  analysis: Analysis;
  /** term → weight (before idf); follow-up context terms scaled down. */
  terms: Map<string, number>;
  /** The same terms by clause of the message (the previous message is one more clause). */
  clauses: Array<Map<string, number>>;
  /** Per clause of the message: it asks something (a question word), so a phrasing that leaves it out explains less. */
  asking: boolean[];
  /** Words of the customer's own message: a follow-up's answer must have one of them. */
  own: Set<string> | null;
  /** The ASIDE_INTENTS of the customer's own message. */
  aside: number[];
  /** Its words that name a thing (isSubject). */
  subjects: string[];
}

/** Coverage of a stored question by characters alone (no word in common) that still counts. */
const CHARACTERS_ONLY_MIN = 0.5;

/**
 * A question word (or a clause ending in 不/没: 「牙疼能看不」「有证没」): a clause with one asks something
 * of its own (「电话多少 你们报名的」 asks for the phone number, and an entry about 报名 alone does not
 * explain it); a clause without one (「我下班都七八点了」) is chatter around the question and says
 * nothing against an entry, unless no clause asks (「我搬家了以后去不了 想把卡让给同事用」: all of it is
 * the question) or it is a word or two of the stored questions typed apart (「次卡 洗车 多少钱」). Wider than handoff.ts's isQuestion, which must not read a demand (「都几次了！」) as a
 * question.
 */
export const ASKS_SOMETHING = /吗|么|嘛|呢|多少|多久|多长|多大|几|怎|如何|哪|什么|啥|咋|可以|能不能|可不可以|是否|有没有|是不是|会不会|要不要|行不行|(?:不|没|没有)$/;

/** The most content words of a clause that, without asking anything, is still a piece of the question. */
const FRAGMENT_WORDS = 2;

/** Where one clause of a message ends and the next begins. */
const CLAUSE_BREAK = /[,，。.!！?？;；~～…\s]+/;

/** The clauses of a message, each with whether it asks something. */
const clausesOf = (text: string) =>
  text
    .split(CLAUSE_BREAK)
    .filter((part) => part.trim().length > 0)
    .map((part) => ({ part, asking: ASKS_SOMETHING.test(part) }));

/** One analysis of a message read clause by clause (terms summed, words in order). */
function mergeAnalyses(analyses: Analysis[]): Analysis {
  const terms = new Map<string, number>();
  const words: string[] = [];
  const headed = new Set<string>();
  for (const a of analyses) {
    for (const [term, weight] of a.terms) terms.set(term, (terms.get(term) ?? 0) + weight);
    words.push(...a.words);
    for (const word of a.headed) headed.add(word);
  }
  return { terms, words, headed, key: words.join('|') };
}

/** How much of the way to 1 an answer explaining the whole message adds to an entry the questions found. */
const ANSWER_SHARE = 0.3;
/** An entry found through its answer alone: share × this, capped below any sane answer threshold. */
const ANSWER_ONLY_SHARE = 0.4;
export const ANSWER_ONLY_MAX = 0.35;

/**
 * The intent model's evidence (intents.ts). A message and an entry meet on an intent both express with at
 * least INTENT_FLOOR; their similarity is the geometric mean of the two cosines. It adds INTENT_SHARE of
 * the way to 1 to an entry the words found, and gives an entry found through its intent alone
 * INTENT_ONLY_SHARE of it, capped below the answer threshold: offered, never answered on that alone.
 */
const INTENT_FLOOR = 0.45;
const INTENT_SHARE = 0.2;
const INTENT_ONLY_SHARE = 0.6;
const INTENT_ONLY_MAX = 0.4;
/**
 * A message that clearly expresses one intent (INTENT_CLEAR) does not ask what an entry that clearly
 * expresses another one (INTENT_CLEAR_ENTRY), and not the message's, answers: 「会员卡丢了能补吗」 is about
 * a lost card, not about getting one (「怎么办会员卡」), whatever words they share.
 */
const INTENT_CLEAR = 0.6;
const INTENT_CLEAR_ENTRY = 0.7;
const INTENT_CONFLICT_FACTOR = 0.7;

/** How a vector similarity becomes a score: real embedding models rarely go below ~0.5 for related text. */
const VECTOR_FLOOR = 0.5;
const VECTOR_SHARE = 0.4;

let builtinTier: SoundTier | null = null;

/** The built-in lexicon's words by sound, worked out once per process. */
function builtinSounds(): SoundTier {
  builtinTier ??= soundTier(BUILTIN_MAP.keys(), (word) => BUILTIN_MAP.get(word) ?? word);
  return builtinTier;
}

export class KnowledgeIndex {
  private readonly entries: EngineKnowledge[];
  private readonly docs: Phrasing[] = [];
  private readonly postings = new Map<string, Posting>();
  private readonly byKey = new Map<string, number>();
  private readonly unknownIdf: number;
  private readonly vocabulary: Vocabulary;
  /** Answer word → entries whose answer has it, and its idf over the answers. */
  private readonly answerPostings = new Map<string, { entries: number[]; idf: number }>();
  /** Per entry, the intents its phrasings express at INTENT_FLOOR or more (the best phrasing's score). */
  private readonly entryIntents: IntentScores[] = [];
  /** Intent → the entries expressing it, with their score. */
  private readonly intentEntries = new Map<number, Array<[number, number]>>();

  /** `synonyms`: the admins' groups (first word canonical) added to the built-in lexicon. */
  constructor(entries: EngineKnowledge[], options: { synonyms?: readonly (readonly string[])[] } = {}) {
    this.entries = entries;
    const extra = options.synonyms ?? [];
    if (extra.length > 0) addWords(extra.flat());
    // The admins' groups come first: an agent may read a word differently from the built-in lexicon.
    const synonyms = extra.length > 0 ? synonymMap([...extra, ...BUILTIN_SYNONYMS]) : BUILTIN_MAP;
    const stored = entries.flatMap((entry) => [entry.question, ...entry.similarQuestions]).map(normalizeForMatch);
    addWords(knowledgeTerms(stored));
    const storedWords = stored.flatMap((text) => cut(text));
    // The agent's own words are recognised by sound first: its 优惠 beats any lexicon word that sounds alike.
    const read = (word: string) => synonyms.get(word) ?? word;
    const lexiconSounds = extra.length > 0 ? soundTier(synonyms.keys(), read) : builtinSounds();
    const sounds = soundsOf([soundTier(storedWords, read), lexiconSounds]);
    this.vocabulary = { synonyms, sounds, words: new Set(storedWords), readWords: new Set(storedWords.map(read)) };
    const entryTerms: Array<Set<string>> = [];
    entries.forEach((entry, entryIndex) => {
      const seen = new Set<string>();
      const termsOfEntry = new Set<string>();
      const intents: IntentScores = new Map();
      for (const text of [entry.question, ...entry.similarQuestions]) {
        const analysis = analyze(text, this.vocabulary);
        if (analysis.terms.size === 0 || seen.has(analysis.key)) continue;
        seen.add(analysis.key);
        for (const [intent, score] of intentsOf(analysis.terms)) if (score >= INTENT_FLOOR && score > (intents.get(intent) ?? 0)) intents.set(intent, score);
        for (const term of analysis.terms.keys()) termsOfEntry.add(term);
        const doc = this.docs.length;
        this.docs.push({ entry: entryIndex, terms: analysis.terms, words: new Set(analysis.words), key: analysis.key, about: asideIntents(text, 'about'), weight: 0 });
        if (!this.byKey.has(analysis.key)) this.byKey.set(analysis.key, doc);
        for (const [term, weight] of analysis.terms) {
          let posting = this.postings.get(term);
          if (!posting) this.postings.set(term, (posting = { docs: [], weights: [], idf: 0 }));
          posting.docs.push(doc);
          posting.weights.push(weight);
        }
      }
      entryTerms.push(termsOfEntry);
      this.entryIntents.push(intents);
      for (const [intent, score] of intents) {
        let list = this.intentEntries.get(intent);
        if (!list) this.intentEntries.set(intent, (list = []));
        list.push([entryIndex, score]);
      }
      for (const word of contentWords(entry.answer, this.vocabulary)) {
        let posting = this.answerPostings.get(word);
        if (!posting) this.answerPostings.set(word, (posting = { entries: [], idf: 0 }));
        posting.entries.push(entryIndex);
      }
    });
    const df = new Map<string, number>();
    for (const terms of entryTerms) for (const term of terms) df.set(term, (df.get(term) ?? 0) + 1);
    const n = entries.length;
    const idf = (count: number) => Math.log(1 + (n - count + 0.5) / (count + 0.5));
    this.unknownIdf = idf(1);
    for (const [term, posting] of this.postings) posting.idf = idf(df.get(term) ?? 1);
    for (const posting of this.answerPostings.values()) posting.idf = idf(posting.entries.length);
    for (const doc of this.docs) {
      let total = 0;
      for (const [term, weight] of doc.terms) total += weight * (this.postings.get(term) as Posting).idf;
      doc.weight = total;
    }
  }

  /**
   * Whether the message asks something and everything it asks about is something the stored questions
   * speak of: no full-weight word they lack in a clause that asks (儿童医院 at a dental clinic, 车险 at a
   * driving school; chatter and aspects such as the price do not count, nor the chatter clauses around
   * the question), and no job seeker's or supplier's intent. 「谢谢啊 那我周末过去」 asks nothing.
   */
  isFamiliar(text: string): boolean {
    if (asideIntents(normalizeForMatch(text), 'asks').length > 0) return false;
    const clauses = clausesOf(text);
    return clauses.some((clause) => clause.asking) && clauses.filter((clause) => clause.asking).every(({ part }) => {
      const analysis = analyze(part, this.vocabulary);
      return !analysis.words.some((word) => isSubject(word) && !this.postings.has(`w:${word}`) && (analysis.terms.get(`w:${word}`) ?? 0) >= 1);
    });
  }

  /** The entry with this id, if indexed. */
  entryById(knowledgeId: number): EngineKnowledge | undefined {
    return this.entries.find((entry) => entry.knowledgeId === knowledgeId);
  }

  /** The best entries for a message, best first (ties: smaller id first), scores 0–1, zero scores left out. */
  search(text: string, limit = 5, options: SearchOptions = {}): KnowledgeHit[] {
    if (limit <= 0 || this.docs.length === 0) return [];
    const query = this.query(text, options.previous);
    if (query.terms.size === 0) return this.vectorOnly(options.vectorScores, limit);
    const exact = query.own === null ? this.byKey.get(query.analysis.key) : undefined;
    // Per phrasing, the matched weight in each clause of the message.
    const matched = new Map<number, number[]>();
    const clauseWeights = query.clauses.map((clause, c) => {
      let clauseWeight = 0;
      for (const [term, weight] of clause) {
        const posting = this.postings.get(term);
        clauseWeight += weight * (posting ? posting.idf : this.unknownIdf);
        if (!posting) continue;
        for (let k = 0; k < posting.docs.length; k++) {
          const doc = posting.docs[k] as number;
          let perClause = matched.get(doc);
          if (!perClause) matched.set(doc, (perClause = new Array<number>(query.clauses.length).fill(0)));
          perClause[c] = (perClause[c] as number) + Math.min(weight, posting.weights[k] as number) * posting.idf;
        }
      }
      return clauseWeight;
    });
    const scored: Array<{ doc: number; score: number; coverage: number }> = [];
    for (const [doc, perClause] of matched) {
      const phrasing = this.docs[doc] as Phrasing;
      let weight = 0;
      let asked = 0;
      perClause.forEach((w, c) => {
        if (w <= 0 && !query.asking[c]) return;
        weight += w;
        asked += clauseWeights[c] as number;
      });
      const coverage = Math.min(1, weight / phrasing.weight);
      // Precision is measured on the clauses the phrasing speaks to: chatter in a clause of its own
      // (「马上过年了，你们最近有啥活动没」) says nothing against it; words beside the match do (「买车能分期吗」).
      const precision = Math.min(1, weight / asked);
      scored.push({ doc, coverage, score: coverage ** COVERAGE_EXPONENT * precision ** PRECISION_EXPONENT });
    }
    scored.sort((a, b) => b.score - a.score);
    const best = new Map<number, number>();
    if (exact !== undefined) best.set((this.docs[exact] as Phrasing).entry, 1);
    for (const { doc, score, coverage } of scored.slice(0, RERANK)) {
      const phrasing = this.docs[doc] as Phrasing;
      const guarded = score * this.guard(query, phrasing, coverage);
      if (guarded > (best.get(phrasing.entry) ?? 0)) best.set(phrasing.entry, guarded);
    }
    this.mixAnswers(query, best);
    // A follow-up is read with the previous topic; its intent is the previous message's, already answered.
    if (query.own === null) this.mixIntents(query, best);
    if (options.vectorScores) mixVectors(best, options.vectorScores, this.entries);
    return [...best]
      .filter(([, score]) => score > 0)
      .map(([entry, score]) => ({ entry: this.entries[entry] as EngineKnowledge, score: Math.round(Math.min(1, score) * 1000) / 1000 }))
      .sort((a, b) => b.score - a.score || a.entry.knowledgeId - b.entry.knowledgeId)
      .slice(0, limit);
  }

  /**
   * The answers as weak evidence: an entry whose answer speaks of what the message asks
   * (「钱是不是每个月月中打到卡里」 and an answer about paying wages into the bank card) gains part of
   * the distance to 1, in proportion to how much of the message its answer explains. An entry found
   * through its answer alone scores at most ANSWER_ONLY_MAX: it can be offered, never answered.
   */
  private mixAnswers(query: Query, best: Map<number, number>): void {
    const words = [...new Set(query.analysis.words)];
    if (words.length === 0 || this.answerPostings.size === 0) return;
    let total = 0;
    const explained = new Map<number, number>();
    for (const word of words) {
      const posting = this.answerPostings.get(word);
      const weight = (CHATTER_WORDS.has(word) ? CHATTER_WEIGHT : 1) * (posting ? posting.idf : this.unknownIdf);
      total += weight;
      if (posting) for (const entry of posting.entries) explained.set(entry, (explained.get(entry) ?? 0) + weight);
    }
    for (const [entry, weight] of explained) {
      const share = weight / total;
      const own = best.get(entry) ?? 0;
      const mixed = own > 0 ? own + ANSWER_SHARE * share * (1 - own) : Math.min(ANSWER_ONLY_MAX, ANSWER_ONLY_SHARE * share);
      if (mixed > own) best.set(entry, mixed);
    }
  }

  /**
   * The intent model's evidence (INTENT_FLOOR…INTENT_CONFLICT_FACTOR), read from the clauses that ask
   * (chatter around the question says nothing of the need): entries that share an intent with the
   * message are lifted, those contradicting its clear intent lowered.
   */
  private mixIntents(query: Query, best: Map<number, number>): void {
    if (this.intentEntries.size === 0) return;
    const asking = new Map<string, number>();
    query.clauses.forEach((clause, c) => {
      if (query.asking[c]) for (const [term, weight] of clause) asking.set(term, (asking.get(term) ?? 0) + weight);
    });
    const asked = intentsOf(asking.size > 0 ? asking : query.analysis.terms);
    let clear: number | undefined;
    let clearScore = INTENT_CLEAR;
    const lifted = new Map<number, number>();
    for (const [intent, score] of asked) {
      if (score >= clearScore) [clear, clearScore] = [intent, score];
      if (score < INTENT_FLOOR) continue;
      for (const [entry, own] of this.intentEntries.get(intent) ?? []) {
        const similarity = Math.sqrt(score * own);
        if (similarity > (lifted.get(entry) ?? 0)) lifted.set(entry, similarity);
      }
    }
    if (clear !== undefined) {
      for (const [entry, score] of best) {
        const intents = this.entryIntents[entry] as IntentScores;
        // The customer's own words for a stored question (score 1) stand whatever the model reads.
        if (score >= 1 || intents.has(clear)) continue;
        if ([...intents.values()].some((own) => own >= INTENT_CLEAR_ENTRY)) best.set(entry, score * INTENT_CONFLICT_FACTOR);
      }
    }
    for (const [entry, similarity] of lifted) {
      const own = best.get(entry) ?? 0;
      const mixed = own > 0 ? own + INTENT_SHARE * similarity * (1 - own) : Math.min(INTENT_ONLY_MAX, INTENT_ONLY_SHARE * similarity);
      if (mixed > own) best.set(entry, mixed);
    }
  }

  private query(text: string, previous: string | undefined): Query {
    const parts = clausesOf(text);
    const analyses = parts.map(({ part }) => analyze(part, this.vocabulary));
    const analysis = mergeAnalyses(analyses);
    // 「次卡 洗车 多少钱」: a clause of a word or two the stored questions speak of is a piece of the
    // question typed apart, not chatter around it.
    const fragment = (a: Analysis) =>
      a.words.length > 0 && a.words.length <= FRAGMENT_WORDS && a.words.every((word) => !CHATTER_WORDS.has(word) && this.postings.has(`w:${word}`));
    const kept = analyses.flatMap((a, i) => (a.terms.size > 0 ? [{ terms: a.terms, asking: (parts[i] as { asking: boolean }).asking || fragment(a) }] : []));
    const clauses = kept.map((clause) => clause.terms);
    // Chatter is told from the question by the clause that asks: with none, every clause is the question.
    const asking = kept.some((clause) => clause.asking) ? kept.map((clause) => clause.asking) : kept.map(() => true);
    const aside = asideIntents(normalizeForMatch(text), 'asks');
    const subjects = analysis.words.filter(isSubject);
    if (!previous) return { analysis, terms: analysis.terms, clauses, asking, own: null, aside, subjects };
    const before = analyze(previous, this.vocabulary);
    const terms = new Map(analysis.terms);
    const context = new Map<string, number>();
    for (const [term, weight] of before.terms) {
      if (terms.has(term)) continue;
      terms.set(term, weight * CONTEXT_WEIGHT);
      context.set(term, weight * CONTEXT_WEIGHT);
    }
    // The previous message's clause never asks: it is the topic, not this message's question.
    return { analysis, terms, clauses: context.size > 0 ? [...clauses, context] : clauses, asking, own: new Set(analysis.words), aside, subjects };
  }

  /** 1, or less when the phrasing cannot be what the customer asked. */
  private guard(query: Query, phrasing: Phrasing, coverage: number): number {
    let shared = false;
    let factor = query.aside.every((intent) => phrasing.about.includes(intent)) ? 1 : ASIDE_FACTOR;
    const sharesSubject = query.subjects.some((word) => phrasing.words.has(word));
    const missesSubject = query.subjects.some((word) => !phrasing.words.has(word));
    for (const word of query.analysis.words) {
      if (phrasing.words.has(word)) {
        shared = true;
        if (query.analysis.headed.has(word)) factor *= HEADED_FACTOR;
      } else {
        // 快递员 where the entry says 快递: the customer's word is a longer, different thing.
        for (const own of phrasing.words) {
          if (own.length >= 2 && word.length > own.length && (word.startsWith(own) || word.endsWith(own))) {
            factor *= HEADED_FACTOR;
            break;
          }
        }
      }
    }
    // Without a word in common only characters met: enough when they make up most of the stored
    // question (a stored phrase the lexicon reads as one word, typed a little differently).
    if (!shared && coverage < CHARACTERS_ONLY_MIN) return 0;
    // 「陪驾多少钱」 and 「学费多少」 share only the price: the customer asks the price of another thing.
    if (shared && !sharesSubject && missesSubject) factor *= ASPECT_ONLY_FACTOR;
    // A follow-up is answered by an entry about what the customer just added, not the previous topic.
    if (query.own && query.own.size > 0 && ![...query.own].some((word) => phrasing.words.has(word))) return 0;
    return factor;
  }

  private vectorOnly(vectorScores: ReadonlyMap<number, number> | undefined, limit: number): KnowledgeHit[] {
    if (!vectorScores) return [];
    const best = new Map<number, number>();
    mixVectors(best, vectorScores, this.entries);
    return [...best]
      .map(([entry, score]) => ({ entry: this.entries[entry] as EngineKnowledge, score: Math.round(score * 1000) / 1000 }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.entry.knowledgeId - b.entry.knowledgeId)
      .slice(0, limit);
  }
}

/**
 * Word score and vector similarity together: the vector part can lift an entry the words missed
 * (a paraphrase without shared words) but never carries more than VECTOR_SHARE of the score.
 */
function mixVectors(best: Map<number, number>, vectorScores: ReadonlyMap<number, number>, entries: EngineKnowledge[]): void {
  entries.forEach((entry, index) => {
    const cosine = vectorScores.get(entry.knowledgeId);
    if (cosine === undefined) return;
    const vector = Math.max(0, (cosine - VECTOR_FLOOR) / (1 - VECTOR_FLOOR));
    const words = best.get(index) ?? 0;
    const mixed = Math.max(words, (1 - VECTOR_SHARE) * words + VECTOR_SHARE * vector, vector * (1 - VECTOR_SHARE));
    if (mixed > 0) best.set(index, mixed);
  });
}
