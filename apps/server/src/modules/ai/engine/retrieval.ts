import { CHAT_MESSAGE_MAX } from '@acs/shared';
import { isCjk, normalizeForMatch } from './normalize';
import type { EngineKnowledge, KnowledgeHit } from './types';

/**
 * Chinese-aware retrieval over an agent's knowledge Q&A, without a word segmenter or network.
 *
 * Chinese is written without spaces, so a question becomes character bigrams (the usual stand-in
 * for words: 运费怎么算 → 运费) plus single characters at a low weight (so 退 still links 退货 and
 * 退换), and latin/digit words (iphone, 15). Function words and particles (的 吗 请问 怎么…) carry no
 * meaning here: they are removed and split the text, so 运费的价格 gives 运费 and 价格 but no 费的/的价.
 *
 * Score of one phrasing d against the query q, with idf-weighted term counts:
 *   coverage = matched weight / weight of d   (how much of the stored question the customer said)
 *   precision = matched weight / weight of q  (how much of the message the stored question explains)
 *   score = 0.7 · coverage + 0.3 · precision
 * Coverage dominates because customers wrap a known question in extra words (「你好，运费怎么算？我在新疆」);
 * precision still ranks the closest phrasing first. The same question scores 1, an entry scores its
 * best phrasing (question or any similar question).
 */

const COVERAGE_WEIGHT = 0.7;

/**
 * A few customer-service synonyms, rewritten to one canonical word before tokenising so that
 * 「邮费多少钱」 meets 「运费价格」. Kept small on purpose: every entry here can also create a false
 * match, and admins add their own phrasings as similar questions.
 */
const SYNONYMS: Record<string, string[]> = {
  运费: ['邮费', '快递费', '配送费'],
  // 「多少钱」 shares no character with 价格: without this, price questions never meet.
  价格: ['多少钱', '价钱', '什么价', '售价', '报价'],
  // Customers say 退款 for returns and returns for refunds; one entry usually answers both.
  退货: ['退款', '退钱', '退换'],
  发货: ['寄出', '出货', '发出'],
  // 「在哪」 is how an address is asked for (在 alone is a stop character).
  地址: ['在哪里', '在哪儿', '在哪', '位置'],
  电话: ['联系方式', '联系电话', '手机号'],
  营业时间: ['几点开门', '几点关门', '上班时间', '开门时间', '几点下班'],
  保修: ['质保', '保固'],
  // The recruiting template: 待遇/薪资 questions are 工资 questions.
  工资: ['薪资', '薪水', '薪酬', '待遇', '底薪'],
  发票: ['开票'],
  // Discounts are asked for as 打折/折扣 but stored as 优惠活动.
  优惠: ['打折', '折扣', '减价'],
};

const synonymOf = new Map<string, string>();
for (const [canonical, variants] of Object.entries(SYNONYMS)) {
  for (const variant of variants) synonymOf.set(variant, canonical);
}
const SYNONYM_PATTERN = new RegExp(
  [...synonymOf.keys()].sort((a, b) => b.length - a.length).join('|'),
  'g',
);

/** Function words and particles (matched longest first); the single characters are the frequent particles. */
const STOP_WORDS = [
  '有没有', '是不是', '能不能', '可不可以', '怎么样', '为什么',
  '请问', '你们', '我们', '您们', '我想', '想问', '一下', '怎么', '可以', '什么', '如何', '多少',
  '哪些', '还有', '这个', '那个', '就是', '的话', '你好', '您好', '谢谢', '麻烦', '需要', '知道', '告诉',
  '一个', '现在', '咨询', '问下', '问问', '有吗', '吗', '呢', '吧', '啊', '呀', '嘛', '哦', '么', '的',
  '了', '是', '能', '我', '你', '您', '他', '她', '它', '要', '想', '和', '与', '及', '或', '也', '都',
  '还', '就', '很', '哈', '嗯', '个', '给', '在', '得', '着', '过', '有',
];
const STOP_MAX = Math.max(...STOP_WORDS.map((w) => w.length));
const STOP_SET = new Set(STOP_WORDS);

const LATIN_STOP_WORDS = new Set([
  'a', 'an', 'the', 'is', 'are', 'am', 'to', 'of', 'for', 'do', 'does', 'how', 'what', 'can', 'i', 'you',
  'we', 'my', 'your', 'it', 'in', 'on', 'and', 'or', 'please', 'hi', 'hello',
]);

/** Term kinds by prefix: b = CJK bigram, u = CJK character, w = latin or digit word. */
const KIND_WEIGHT: Record<string, number> = { b: 1, u: 0.35, w: 1 };

function addTerm(terms: Map<string, number>, term: string): void {
  terms.set(term, (terms.get(term) ?? 0) + 1);
}

function addSegment(terms: Map<string, number>, segment: string): void {
  for (let i = 0; i < segment.length; i++) {
    addTerm(terms, `u:${segment[i]}`);
    if (i + 1 < segment.length) addTerm(terms, `b:${segment.slice(i, i + 2)}`);
  }
}

/** Term counts of a text (exported for tests and the reply-test screen's explanations). */
export function tokenize(text: string): Map<string, number> {
  const terms = new Map<string, number>();
  const prepared = normalizeForMatch(text.slice(0, CHAT_MESSAGE_MAX)).replace(
    SYNONYM_PATTERN,
    (variant) => ` ${synonymOf.get(variant) ?? variant} `,
  );
  for (const word of prepared.match(/[a-z]+|\d+/g) ?? []) {
    if (!LATIN_STOP_WORDS.has(word)) addTerm(terms, `w:${word}`);
  }
  let segment = '';
  let i = 0;
  while (i < prepared.length) {
    const c = prepared[i] as string;
    if (!isCjk(c)) {
      addSegment(terms, segment);
      segment = '';
      i++;
      continue;
    }
    let stop = 0;
    for (let len = Math.min(STOP_MAX, prepared.length - i); len > 0; len--) {
      if (STOP_SET.has(prepared.slice(i, i + len))) {
        stop = len;
        break;
      }
    }
    if (stop > 0) {
      addSegment(terms, segment);
      segment = '';
      i += stop;
    } else {
      segment += c;
      i++;
    }
  }
  addSegment(terms, segment);
  return terms;
}

interface Posting {
  docs: number[];
  counts: number[];
  weight: number;
}

/**
 * Built once per agent (the runtime caches it with the agent bundle) and queried per message: an
 * inverted index, so a query only touches the phrasings that share a term with it.
 */
export class KnowledgeIndex {
  private readonly entries: EngineKnowledge[];
  /** Phrasing → index in `entries`. */
  private readonly docEntry: number[] = [];
  /** Phrasing → Σ weight × count of its terms. */
  private readonly docWeight: number[] = [];
  private readonly postings = new Map<string, Posting>();
  /** Weight factor of a query term no phrasing has: as rare as the rarest known term. */
  private readonly unknownIdf: number;

  constructor(entries: EngineKnowledge[]) {
    this.entries = entries;
    const docTerms: Array<Map<string, number>> = [];
    entries.forEach((entry, entryIndex) => {
      const phrasings = [entry.question, ...entry.similarQuestions];
      const seen = new Set<string>();
      for (const phrasing of phrasings) {
        const key = normalizeForMatch(phrasing);
        if (seen.has(key)) continue;
        seen.add(key);
        const terms = tokenize(phrasing);
        if (terms.size === 0) continue;
        const doc = docTerms.length;
        docTerms.push(terms);
        this.docEntry.push(entryIndex);
        for (const [term, count] of terms) {
          let posting = this.postings.get(term);
          if (!posting) {
            posting = { docs: [], counts: [], weight: 0 };
            this.postings.set(term, posting);
          }
          posting.docs.push(doc);
          posting.counts.push(count);
        }
      }
    });
    const n = docTerms.length;
    const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    this.unknownIdf = idf(1);
    for (const [term, posting] of this.postings) {
      posting.weight = kindWeight(term) * idf(posting.docs.length);
    }
    for (const terms of docTerms) {
      let total = 0;
      for (const [term, count] of terms) total += (this.postings.get(term) as Posting).weight * count;
      this.docWeight.push(total);
    }
  }

  /** The best entries for a message, best first (ties: smaller id first), scores 0–1, zero scores left out. */
  search(text: string, limit = 5): KnowledgeHit[] {
    if (this.docEntry.length === 0 || limit <= 0) return [];
    const query = tokenize(text);
    if (query.size === 0) return [];
    const matched = new Map<number, number>();
    let queryWeight = 0;
    for (const [term, count] of query) {
      const posting = this.postings.get(term);
      queryWeight += (posting ? posting.weight : kindWeight(term) * this.unknownIdf) * count;
      if (!posting) continue;
      for (let k = 0; k < posting.docs.length; k++) {
        const doc = posting.docs[k] as number;
        const shared = Math.min(count, posting.counts[k] as number) * posting.weight;
        matched.set(doc, (matched.get(doc) ?? 0) + shared);
      }
    }
    const best = new Map<number, number>();
    for (const [doc, weight] of matched) {
      const coverage = weight / (this.docWeight[doc] as number);
      const precision = weight / queryWeight;
      const score = Math.min(1, COVERAGE_WEIGHT * coverage + (1 - COVERAGE_WEIGHT) * precision);
      const entry = this.docEntry[doc] as number;
      if (score > (best.get(entry) ?? 0)) best.set(entry, score);
    }
    return [...best]
      .map(([entry, score]) => ({ entry: this.entries[entry] as EngineKnowledge, score: Math.round(score * 1000) / 1000 }))
      .sort((a, b) => b.score - a.score || a.entry.knowledgeId - b.entry.knowledgeId)
      .slice(0, limit);
  }
}

function kindWeight(term: string): number {
  return KIND_WEIGHT[term[0] as string] ?? 1;
}
