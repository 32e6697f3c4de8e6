import { DEFAULT_CLARIFY_THRESHOLD } from '@acs/shared';
import { describe, expect, it } from 'vitest';
import { analyze, soundsOf, soundTier } from '../../../src/modules/ai/engine/analyze';
import { BUILTIN_MAP } from '../../../src/modules/ai/engine/lexicon';
import { ASKS_SOMETHING, KnowledgeIndex } from '../../../src/modules/ai/engine/retrieval';
import type { EngineKnowledge } from '../../../src/modules/ai/engine/types';

const entry = (knowledgeId: number, question: string, similarQuestions: string[] = []): EngineKnowledge => ({
  knowledgeId,
  question,
  similarQuestions,
  answer: `answer-${knowledgeId}`,
});

const SHOP = [
  entry(1, '运费怎么算', ['包邮吗']),
  entry(2, '营业时间是几点'),
  entry(3, '怎么退货', ['收到货不满意可以退吗']),
  entry(4, '什么时候发货', ['下单后多久发货']),
  entry(5, '你们店在哪里'),
  entry(6, 'iPhone 15 有现货吗'),
  entry(7, '会员卡怎么办理'),
  entry(8, '可以开发票吗'),
  entry(9, '产品保修多久'),
  entry(10, '支持货到付款吗'),
];
const index = new KnowledgeIndex(SHOP);

const top = (text: string) => index.search(text)[0];

describe('KnowledgeIndex.search', () => {
  it('scores the stored question itself 1, and any similar question as well', () => {
    expect(top('运费怎么算')).toMatchObject({ entry: { knowledgeId: 1 }, score: 1 });
    expect(top('包邮吗？')).toMatchObject({ entry: { knowledgeId: 1 }, score: 1 });
    expect(top('下单后多久发货')).toMatchObject({ entry: { knowledgeId: 4 }, score: 1 });
  });

  it.each([
    ['运费是多少', 1],
    ['邮费多少钱', 1],
    ['你们几点开门', 2],
    ['我想退款', 3],
    ['多久能寄出', 4],
    ['你们的地址', 5],
    ['质保多久', 9],
    ['能开票吗', 8],
    ['你好，请问运费怎么算？我在新疆乌鲁木齐', 1],
  ])('finds a paraphrase: %s → entry %i, ranked first and at least offered', (text, id) => {
    const hit = top(text);
    expect(hit?.entry.knowledgeId).toBe(id);
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_CLARIFY_THRESHOLD);
  });

  it.each(['今天天气怎么样', '你们老板是谁', '我要投诉', '哈哈哈'])('keeps unrelated questions below 0.3: %s', (text) => {
    expect(index.search(text).every((hit) => hit.score < 0.3)).toBe(true);
  });

  it('handles latin words and digits, case and width-insensitively', () => {
    for (const text of ['iphone15有货吗', 'IPHONE 15 现货', 'ｉＰｈｏｎｅ　１５现货吗']) {
      expect(top(text)?.entry.knowledgeId).toBe(6);
      expect(top(text)?.score).toBeGreaterThan(0.5);
    }
    expect(index.search('iphone 14 有现货吗')[0]?.score ?? 0).toBeLessThan(top('iphone 15 有现货吗')?.score ?? 0);
  });

  it('returns the best first, at most `limit`, all within 0–1', () => {
    const hits = index.search('发货以后运费怎么算', 2);
    expect(hits).toHaveLength(2);
    expect(hits[0]?.entry.knowledgeId).toBe(1);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    for (const hit of index.search('运费 发货 退货 发票 保修')) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }
  });

  it('knows a few recruiting words too', () => {
    const jobs = new KnowledgeIndex([entry(1, '工资多少'), entry(2, '需要什么学历'), entry(3, '包吃住吗')]);
    expect(jobs.search('薪资待遇怎么样')[0]).toMatchObject({ entry: { knowledgeId: 1 } });
    expect(jobs.search('薪资待遇怎么样')[0]?.score).toBeGreaterThanOrEqual(DEFAULT_CLARIFY_THRESHOLD);
    expect(jobs.search('学历有要求吗')[0]).toMatchObject({ entry: { knowledgeId: 2 } });
  });

  it('ranks the more specific entry first', () => {
    const specific = new KnowledgeIndex([entry(1, '运费怎么算'), entry(2, '运费险怎么买')]);
    expect(specific.search('运费险怎么买')[0]?.entry.knowledgeId).toBe(2);
    expect(specific.search('运费怎么算')[0]?.entry.knowledgeId).toBe(1);
  });

  it('answers nothing from an empty index or an empty message', () => {
    expect(new KnowledgeIndex([]).search('运费怎么算')).toEqual([]);
    expect(index.search('')).toEqual([]);
    expect(index.search('吗？的了')).toEqual([]);
  });
});

describe('KnowledgeIndex on a furniture shop\'s Q&A', () => {
  const shop = new KnowledgeIndex(
    [
      [1, '运费怎么算', ['包邮吗']],
      [2, '营业时间是几点', ['周末营业吗']],
      [3, '怎么退货', ['七天无理由退货吗']],
      [4, '什么时候发货', ['下单后多久发货']],
      [5, '门店地址在哪里', []],
      [6, '沙发有现货吗', []],
      [7, '可以上门安装吗', ['安装收费吗']],
      [11, '定制家具要多长时间', ['定制周期多久']],
      [12, '床垫是什么材质', []],
      [13, '有没有优惠活动', ['最近有什么活动']],
      [14, '可以量尺寸吗', ['上门测量收费吗']],
      [15, '实木床多少钱', []],
      [16, '怎么联系客服', ['客服电话多少']],
      [19, '会员有什么权益', []],
      [20, '颜色可以选吗', []],
    ].map(([id, question, similar]) => entry(id as number, question as string, similar as string[])),
  );

  it.each([
    ['运费多少', 1], ['你们包邮不', 1], ['邮费谁出', 1], ['几点开门', 2], ['晚上几点关门', 2], ['可以退款吗', 3],
    ['多久能发货', 4], ['你们店在哪', 5], ['这款沙发有货吗', 6], ['送货上门安装吗', 7], ['安装要钱吗', 7],
    ['定制要多久', 11], ['床垫什么材料的', 12], ['有活动吗', 13], ['现在有打折吗', 13], ['能上门测量吗', 14],
    ['实木床价格', 15], ['床多少钱', 15], ['人工客服电话', 16], ['会员有折扣吗', 19], ['有别的颜色吗', 20],
  ])('%s → entry %i ranked first, at least in the clarify band', (text, id) => {
    const [best] = shop.search(text);
    expect(best?.entry.knowledgeId).toBe(id);
    expect(best?.score).toBeGreaterThanOrEqual(DEFAULT_CLARIFY_THRESHOLD);
  });

  it.each(['今天天气不错', '你是机器人吗', '我想投诉', '哈哈'])('answers nothing to %s', (text) => {
    expect(shop.search(text).every((hit) => hit.score < 0.3)).toBe(true);
  });
});

describe('a job seeker\'s question', () => {
  it('is answered only by an entry about jobs: the business\'s own workers or parking are another thing', () => {
    const renovation = new KnowledgeIndex([entry(1, '工人是你们自己的吗'), entry(2, '有停车位吗'), entry(3, '装修多少钱')]);
    expect(renovation.search('工人是你们自己的吗')[0]?.score).toBe(1);
    // Halved: at most offered, never answered with the default answer threshold 0.5.
    expect(renovation.search('你们招装修工人吗')[0]?.score ?? 0).toBeLessThan(0.5);
    expect(renovation.search('你们停车场招保安吗')[0]?.score ?? 0).toBeLessThan(0.5);
    const agency = new KnowledgeIndex([entry(1, '现在招哪些岗位'), entry(2, '工资多少'), entry(3, '包住吗')]);
    expect(agency.search('你们现在还招人吗')[0]).toMatchObject({ entry: { knowledgeId: 1 } });
    expect(agency.search('你们招什么岗位')[0]?.score ?? 0).toBeGreaterThanOrEqual(0.5);
  });

  it('is not 招生 or 招商: a school\'s enrolment question keeps its score', () => {
    const school = new KnowledgeIndex([entry(1, '今年还招生吗'), entry(2, '学费多少')]);
    expect(school.search('你们今年还招生吗')[0]).toMatchObject({ entry: { knowledgeId: 1 } });
    expect(school.search('你们今年还招生吗')[0]?.score).toBeGreaterThanOrEqual(0.5);
  });
});

describe('a supplier\'s pitch', () => {
  it('is answered only by an entry about buying, supply or partners; a customer\'s own wholesale question is not one', () => {
    const clinic = new KnowledgeIndex([entry(1, '器械消毒干净吗'), entry(2, '怎么预约')]);
    expect(clinic.search('器械消毒干净吗')[0]?.score).toBe(1);
    expect(clinic.search('我是卖器械消毒设备的 你们采购吗')[0]?.score ?? 0).toBeLessThan(0.5);
    const shop = new KnowledgeIndex([entry(1, '可以批发吗'), entry(2, '可以加盟吗'), entry(3, '发什么快递')]);
    expect(shop.search('我们是开店的，能批发吗')[0]).toMatchObject({ entry: { knowledgeId: 1 } });
    expect(shop.search('我们是开店的，能批发吗')[0]?.score ?? 0).toBeGreaterThanOrEqual(0.5);
    expect(shop.search('想跟你们合作 可以加盟吗')[0]).toMatchObject({ entry: { knowledgeId: 2 } });
    expect(shop.search('想跟你们合作 可以加盟吗')[0]?.score ?? 0).toBeGreaterThanOrEqual(0.5);
  });
});

describe('a message of several clauses', () => {
  const school = new KnowledgeIndex([entry(1, '怎么报名'), entry(2, '联系电话多少'), entry(3, '前台几点有人')]);

  it('is not explained by an entry that leaves out a clause asking something', () => {
    // 「电话多少」 asks on its own: 怎么报名 answers only the other clause, and no longer in full.
    expect(school.search('报名的')[0]?.score).toBe(1);
    const hits = school.search('电话多少 你们报名的');
    expect(hits.find((hit) => hit.entry.knowledgeId === 1)?.score ?? 1).toBeLessThan(0.8);
    expect(hits.map((hit) => hit.entry.knowledgeId)).toContain(2);
  });

  it('still leaves chatter in a clause of its own out of the score', () => {
    expect(school.search('我下班都七八点了 怎么报名')[0]).toMatchObject({ entry: { knowledgeId: 1 }, score: 1 });
  });

  it('hears a clause ending in 不 or 没 ask', () => {
    expect(['牙疼能看不', '老师有证没', '前台几点有人'].every((clause) => ASKS_SOMETHING.test(clause))).toBe(true);
    expect(['我下班都七八点了', '孩子不去'].some((clause) => ASKS_SOMETHING.test(clause))).toBe(false);
  });

  it('reads a clause of a word or two the stored questions speak of as a piece of the question', () => {
    const carCare = new KnowledgeIndex([entry(1, '贴膜多少钱'), entry(2, '贴膜质保多久'), entry(3, '镀晶质保多久'), entry(4, '洗车多少钱')]);
    const hits = carCare.search('质保多久 贴膜');
    expect(hits[0]).toMatchObject({ entry: { knowledgeId: 2 } });
    // 贴膜, typed apart, says the question is not about 镀晶: that entry explains less of it (0.78 as chatter).
    expect(hits.find((hit) => hit.entry.knowledgeId === 3)?.score ?? 1).toBeLessThan(0.7);
  });

  it('reads every clause as the question when none asks', () => {
    const gym = new KnowledgeIndex([entry(1, '私教课可以改时间吗', ['临时有事去不了']), entry(2, '会员卡可以转让吗', ['卡能给别人用吗'])]);
    // Neither clause asks: the first one alone must not carry the rescheduling entry to a full score.
    const [best] = gym.search('我搬家了以后去不了 想把卡让给同事用');
    expect(best?.score ?? 0).toBeLessThan(0.5);
  });
});

describe('a word neither the lexicon nor the stored questions know', () => {
  const shop = new KnowledgeIndex([entry(1, '缺货什么时候补货'), entry(2, '运费怎么算'), entry(3, '怎么退货')]);

  it('weighs little when it is everyday language, and fully when it names a thing', () => {
    // 一直 and 显示 are everyday words (jieba's background idf): the restock entry explains the message.
    const everyday = shop.search('一直显示缺货')[0];
    // 电子厂 names something this shop does not speak of: the same entry explains far less.
    const naming = shop.search('电子厂缺货')[0];
    expect(everyday?.entry.knowledgeId).toBe(1);
    expect(everyday?.score ?? 0).toBeGreaterThan((naming?.score ?? 0) + 0.1);
  });
});

describe('a two-character word the customer took apart', () => {
  it('is read as that word, in either order (离合词: 洗个澡, 车停哪)', () => {
    const gym = new KnowledgeIndex([entry(1, '有淋浴可以洗澡吗'), entry(2, '停车方便吗'), entry(3, '有哪些团课')]);
    for (const [text, id] of [['能冲个澡不', 1], ['能洗个澡吗', 1], ['车停哪', 2]] as const) {
      const [best] = gym.search(text);
      expect(best?.entry.knowledgeId).toBe(id);
      expect(best?.score ?? 0).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('takes a stop-word character (请) only into a word the stored questions have', () => {
    const employer = new KnowledgeIndex([entry(1, '怎么请假'), entry(2, '有年假吗'), entry(3, '工资多少')]);
    expect(employer.search('假怎么请')[0]).toMatchObject({ entry: { knowledgeId: 1 } });
    expect(employer.search('假怎么请')[0]?.score ?? 0).toBeGreaterThanOrEqual(0.5);
    // Where nobody speaks of 请假, 请 stays the polite word it usually is.
    const vocabulary = { synonyms: BUILTIN_MAP, sounds: new Map<string, string>(), words: new Set<string>(), readWords: new Set<string>() };
    expect(analyze('假怎么请', vocabulary).words).not.toContain('请假');
    expect(analyze('假怎么请', { ...vocabulary, words: new Set(['请假']) }).words).toContain('请假');
  });
});

describe('a lexicon phrase whose pieces a typo repair left apart', () => {
  it('is read as the phrase (几点|尚课 → 几点上课, the class times)', () => {
    // 孩子上课 gives the agent the word 上课 that 尚课 is repaired into.
    const school = new KnowledgeIndex([entry(1, '上课时间怎么安排', ['几点上课']), entry(2, '有网课吗'), entry(3, '孩子上课有人看着吗')]);
    const [best] = school.search('几点尚课');
    expect(best?.entry.knowledgeId).toBe(1);
    expect(best?.score ?? 0).toBeGreaterThanOrEqual(0.5);
  });
});

describe('an entry that shares only an aspect with the message', () => {
  it('scores less when the message names a thing the entry does not (the price of something else)', () => {
    const drivingSchool = new KnowledgeIndex([entry(1, '学费多少'), entry(2, '驾校地址在哪'), entry(3, '体检在哪里做')]);
    const priceAlone = drivingSchool.search('多少钱')[0];
    const otherPrice = drivingSchool.search('代驾多少钱')[0];
    expect(priceAlone).toMatchObject({ entry: { knowledgeId: 1 } });
    expect(otherPrice?.entry.knowledgeId).toBe(1);
    expect(otherPrice?.score ?? 0).toBeLessThan(0.5);
    // The thing named is what decides: 体检 is where, not the school's address.
    expect(drivingSchool.search('体检在哪')[0]).toMatchObject({ entry: { knowledgeId: 3 } });
  });
});

describe('a stored question the lexicon reads as one word', () => {
  it('is still met by a variant typed a little differently, on its characters', () => {
    const delivery = new KnowledgeIndex([entry(1, '多久能到'), entry(2, '发什么快递'), entry(3, '怎么退货')]);
    const [best] = delivery.search('要多久才能到');
    expect(best?.entry.knowledgeId).toBe(1);
    expect(best?.score).toBeGreaterThanOrEqual(DEFAULT_CLARIFY_THRESHOLD);
  });
});

describe('analyze', () => {
  const vocabulary = { synonyms: BUILTIN_MAP, sounds: soundsOf([soundTier(['优惠', '邮费'])]), words: new Set<string>(), readWords: new Set(['优惠', '运费']) };
  const words = (text: string) => analyze(text, vocabulary).words;

  it('segments into words and drops particles', () => {
    expect(words('运费的价格')).toEqual(['运费', '价格']);
  });

  it('reads customer-service synonyms as one word', () => {
    expect(words('邮费多少钱')).toEqual(['运费', '价格']);
    expect(words('包邮吗')).toEqual(['运费']);
  });

  it('reads a lexicon phrase of two lexicon words as both, so a differently cut question meets it', () => {
    expect(words('保修多久')).toEqual(['保修', '时长']);
    expect(words('保修多长时间')).toEqual(['保修', '时长']);
    expect(words('多久到账')).toEqual(['到账', '时长']);
    expect(words('保修')).toEqual(['保修']);
  });

  it('reads a lexicon phrase with a measure word or modal the customer put inside it', () => {
    expect(BUILTIN_MAP.has('擦个窗户')).toBe(false);
    expect(words('擦个窗户')).toEqual([BUILTIN_MAP.get('擦窗户')]);
    expect(words('微信能付不')).toEqual([BUILTIN_MAP.get('微信付')]);
  });

  it('repairs homophone typos into known words', () => {
    expect(words('优慧活动')).toContain('优惠');
    expect(words('邮废')).toEqual(['运费']);
  });

  it('repairs a typo over a stop word only in a window of four characters or more', () => {
    const hours = { ...vocabulary, sounds: soundsOf([soundTier(['营业时间', '业时'])]), readWords: new Set(['营业时间', '业时']) };
    expect(analyze('营也时间', hours).words).toContain('营业时间');
    // 也 + 时 is too short a window to be anything but the words typed.
    expect(analyze('也时', hours).words).not.toContain('业时');
  });

  it('repairs a typo only into a word the stored questions speak of', () => {
    // 钱交 sounds like the lexicon's 扦脚 (a pedicure): a shop's customer paying (「钱交了」) is not asking for one.
    const lexicon = { ...vocabulary, sounds: soundsOf([soundTier(['扦脚', '优惠'])]) };
    expect(analyze('钱交了能退吗', lexicon).words).not.toContain('修脚');
    expect(analyze('钱交了能退吗', { ...lexicon, readWords: new Set(['修脚']) }).words).toContain('修脚');
  });

  it('leaves ordinary words alone even when they sound like a known one', () => {
    const shop = { ...vocabulary, sounds: soundsOf([soundTier(['课时', '哪里', '浴室'])]) };
    expect(analyze('可是我没时间', shop).words).not.toContain('课时');
    expect(analyze('于是就去了', shop).words).not.toContain('浴室');
  });

  it('marks a word the customer turned into another thing', () => {
    expect(analyze('你们招快递员吗', vocabulary).headed.has('快递')).toBe(true);
    expect(analyze('发什么快递', vocabulary).headed.size).toBe(0);
  });
});
