import { describe, expect, it } from 'vitest';
import { INTENT_BANK } from '../../../src/modules/ai/engine/intent-bank';
import { intentName, intentsOf } from '../../../src/modules/ai/engine/intents';
import { analyze } from '../../../src/modules/ai/engine/analyze';
import { BUILTIN_MAP } from '../../../src/modules/ai/engine/lexicon';
import { KnowledgeIndex } from '../../../src/modules/ai/engine/retrieval';

const vocabulary = { synonyms: BUILTIN_MAP, sounds: new Map<string, string>(), words: new Set<string>(), readWords: new Set<string>() };
/** The intents a text expresses, best first, by name. */
const ranked = (text: string) =>
  [...intentsOf(analyze(text, vocabulary).terms)].sort((a, b) => b[1] - a[1]).map(([intent, score]) => ({ name: intentName(intent), score }));
const bankTexts = new Set(INTENT_BANK.flatMap((sample) => [sample.intent, ...sample.examples]));

describe('the intent bank', () => {
  it('names each intent once, with enough examples, none in two intents, all short', () => {
    const names = INTENT_BANK.map((sample) => sample.intent);
    expect(new Set(names).size).toBe(names.length);
    const seen = new Map<string, string>();
    for (const sample of INTENT_BANK) {
      expect(sample.examples.length, sample.intent).toBeGreaterThanOrEqual(20);
      for (const example of sample.examples) {
        expect(example.length, example).toBeLessThanOrEqual(40);
        expect(seen.get(example), `「${example}」 in ${sample.intent} and ${seen.get(example)}`).toBeUndefined();
        seen.set(example, sample.intent);
      }
    }
  });
});

describe('intentsOf', () => {
  // Messages of our own, none of them in the bank: the model must read a need it was not shown word for word.
  it.each([
    ['办的卡能先停一停不', '会员卡可以暂停吗'],
    ['开车来的话哪里能放', '有停车位吗'],
    ['下单后几天能寄出来', '下单后多久发货'],
    ['方向盘老往一边跑', '可以做四轮定位吗'],
  ])('reads 「%s」 as %s', (text, intent) => {
    expect(bankTexts.has(text)).toBe(false);
    expect(ranked(text)[0]?.name).toBe(intent);
  });

  it('gives a text with no word of any example no intent', () => {
    expect(ranked('ｘｙｚ')).toEqual([]);
  });
});

describe('retrieval with the intent model', () => {
  const entries = [
    { knowledgeId: 1, question: '有停车位吗', similarQuestions: [], answer: '门口有免费车位。' },
    { knowledgeId: 2, question: '多久发货', similarQuestions: [], answer: '48小时内发出。' },
    { knowledgeId: 3, question: '可以开发票吗', similarQuestions: [], answer: '可以开电子发票。' },
    { knowledgeId: 4, question: '会员卡可以暂停吗', similarQuestions: [], answer: '一年可停卡两次。' },
  ];
  const index = new KnowledgeIndex(entries);

  it('lifts the entry that expresses the need the message asks about, sharing no character with it', () => {
    // By words alone (the lexicon reads 几天 and 多久 alike) this scores under the answer threshold.
    const [top] = index.search('下单后几天能寄出来', 3);
    expect(top?.entry.knowledgeId).toBe(2);
    expect(top?.score).toBeGreaterThanOrEqual(0.5);
  });

  it('lowers an entry clearly about another need than the one the message clearly asks about', () => {
    const cards = new KnowledgeIndex([
      { knowledgeId: 1, question: '怎么办会员卡', similarQuestions: [], answer: '前台即可办理。' },
      { knowledgeId: 2, question: '营业时间是几点', similarQuestions: [], answer: '9点到22点。' },
    ]);
    // The words alone put 「怎么办会员卡」 above the answer threshold for a lost card.
    const [top] = cards.search('会员卡丢了能补吗', 2);
    expect(top?.entry.knowledgeId).toBe(1);
    expect(top?.score).toBeLessThan(0.5);
  });

  it('leaves an exact question at 1', () => {
    expect(index.search('会员卡可以暂停吗', 1)[0]).toMatchObject({ entry: { knowledgeId: 4 }, score: 1 });
  });
});
