// FAQ answering quality (issue 10): every bench/faq/data/*.json (one business's knowledge base and the
// questions its customers type) put to the built-in engine's planTurn, one question per fresh conversation
// (a follow-up carries its previous message). Reports per business and per kind: answered with the right
// entry, answered with a wrong entry, right entry answered or offered in a clarify; then planTurn latency
// with the knowledge base as written and padded to 500 and 10,000 entries with generated filler entries.
// Prints markdown tables for docs/benchmarks.md and every failing question with the retrieval's top
// candidates, for tuning. Alone: `node bench/faq/run.mjs` (always exits 0); in `npm run bench` its
// budget is every target below.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { cpus, totalmem } from 'node:os';
import { tsImport } from 'tsx/esm/api';
import { writeDocSection } from '../doc-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = { accuracy: 0.9, falseAnswers: 0.05, offered: 0.97 };
/** p95 budgets of one planTurn by knowledge base size (the set's own size has none). */
const SIZES = [
  { entries: 0, label: 'set', p95: null },
  { entries: 500, label: '500', p95: 20 },
  { entries: 10_000, label: '10,000', p95: 50 },
];
/** Timed passes over a set's questions per size, after one untimed warm-up pass. */
const TIMED_PASSES = 3;
const FILLER_SEED = 20_261_123;
/** Filler ids start here, far above any hand-written entry. */
const FILLER_ID_BASE = 1_000_000;

// Filler entries read like another shop's or service's knowledge base: specific products and services
// with attribute questions, so they compete for the words of real questions the way a big catalogue does.
const FILLER_NOUNS = [
  '扫地机器人', '空气炸锅', '蓝牙耳机', '登山鞋', '儿童安全座椅', '猫粮', '狗粮', '护肤套装', '瑜伽垫', '电动牙刷',
  '保温杯', '行李箱', '投影仪', '净水器', '按摩椅', '婴儿推车', '电饭煲', '吹风机', '台灯', '加湿器',
  '羽毛球拍', '自行车', '电动车', '智能手表', '充电宝', '机械键盘', '显示器', '路由器', '咖啡机', '破壁机',
  '床垫', '乳胶枕', '四件套', '窗帘', '地毯', '沙发', '书桌', '衣柜', '鞋柜', '餐桌',
  '家政保洁', '搬家服务', '空调清洗', '驾校课程', '英语网课', '宠物寄养', '婚纱摄影', '体检套餐', '月嫂服务', '汽车保养',
  '钢琴课', '游泳培训', '开锁服务', '管道疏通', '家电维修', '手机贴膜', '相机租赁', '露营装备', '钓鱼竿', '电竞椅',
];
const FILLER_MODIFIERS = ['', '新款', '经典款', 'Pro版', '儿童款', '家用', '商用', '迷你', '大号', '升级版', '旗舰款', '入门款', '2025款', '豪华版', '便携式', '加厚'];
const FILLER_TEMPLATES = [
  ['{n}多少钱', ['{n}什么价格'], '以商品页标价为准，活动期间另有优惠'],
  ['{n}有几种颜色', ['{n}有哪些颜色可选'], '目前有黑、白、灰三种颜色'],
  ['{n}保修多久', ['{n}质保几年'], '整机保修一年，主要部件保修三年'],
  ['{n}怎么安装', ['{n}需要上门安装吗'], '附带安装说明，也可预约师傅上门'],
  ['{n}有现货吗', [], '页面能下单就是有现货'],
  ['{n}支持以旧换新吗', [], '支持以旧换新，旧机估价后抵扣'],
  ['{n}适合多大年龄', [], '适合3岁以上使用'],
  ['{n}重量是多少', ['{n}有多重'], '净重约2.5公斤'],
  ['{n}尺寸多大', [], '具体尺寸见详情页参数表'],
  ['{n}怎么使用', ['{n}使用说明在哪'], '说明书随货附送，也可扫码看视频教程'],
  ['{n}可以定制吗', [], '支持定制，起订量50件'],
  ['{n}耗电吗', [], '额定功率较低，日常使用很省电'],
  ['{n}噪音大不大', [], '正常使用噪音低于45分贝'],
  ['{n}能用多久', ['{n}使用寿命多长'], '正常使用寿命5年以上'],
  ['{n}和上一代有什么区别', [], '新一代升级了材质和续航'],
  ['{n}怎么清洁保养', [], '用软布擦拭，避免用水直接冲洗'],
  ['{n}包含哪些配件', ['{n}配件有哪些'], '包装内含主机、电源线和说明书'],
  ['{n}需要提前预约吗', ['{n}怎么预约'], '请至少提前一天在小程序预约'],
  ['{n}坏了去哪里修', [], '可寄回售后中心或到就近网点维修'],
  ['{n}产地是哪里', ['{n}是哪里生产的'], '产地广东，工厂直发'],
  ['{n}有什么认证', [], '已通过3C认证'],
  ['{n}可以试用吗', [], '支持7天试用，不满意可退'],
  ['{n}适合什么人群', [], '适合大多数人群，特殊情况请先咨询'],
  ['{n}有没有异味', [], '出厂前已通风处理，基本无异味'],
  ['{n}兼容哪些型号', ['{n}支持哪些设备'], '兼容市面上主流型号'],
  ['{n}能带上飞机吗', [], '符合民航规定，可随身携带'],
  ['{n}服务时长多久', [], '单次服务约两小时'],
  ['{n}有赠品吗', [], '下单赠送收纳袋一个'],
  ['{n}是什么材料做的', [], '主体为食品级材料'],
  ['{n}多久更新一次', [], '每年更新一次款式'],
];

/** mulberry32: a small seeded PRNG, so every run pads with the same fillers. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` filler entries in a fixed order (a smaller padding is a prefix of a larger one), none phrased like a real entry. */
function fillers(count, realPhrasings) {
  const random = prng(FILLER_SEED);
  const combos = [];
  for (const noun of FILLER_NOUNS) for (const mod of FILLER_MODIFIERS) for (const t of FILLER_TEMPLATES) combos.push([mod + noun, t]);
  for (let i = combos.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [combos[i], combos[j]] = [combos[j], combos[i]];
  }
  const out = [];
  for (const [n, [q, similar, answer]] of combos) {
    if (out.length === count) break;
    const question = q.replace('{n}', n);
    if (realPhrasings.has(question)) continue;
    out.push({
      knowledgeId: FILLER_ID_BASE + out.length,
      question,
      similarQuestions: similar.map((s) => s.replace('{n}', n)).filter((s) => !realPhrasings.has(s)),
      answer: `${n}：${answer}。`,
    });
  }
  if (out.length < count) throw new Error(`only ${out.length} filler entries can be generated, ${count} asked`);
  return out;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const pct = (n, d) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const ms = (v) => v.toFixed(2);

/** Counts of one group of results; `rate` fields are fractions. */
function tally(results) {
  const answerable = results.filter((r) => r.q.expect !== null);
  const unanswerable = results.filter((r) => r.q.expect === null);
  const count = (list, f) => list.filter(f).length;
  return {
    n: results.length,
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    right: count(answerable, (r) => r.verdict.right),
    offered: count(answerable, (r) => r.verdict.offered),
    grounded: count(answerable, (r) => r.withModel?.reached),
    wrongWithModel: count(results, (r) => r.withModel?.wrong),
    clarified: count(results, (r) => r.outcome.type === 'clarify'),
    wrong: count(results, (r) => r.verdict.wrong),
    wrongUnanswerable: count(unanswerable, (r) => r.verdict.wrong),
  };
}

const ratesOf = (t) => ({
  accuracy: t.answerable ? t.right / t.answerable : 1,
  falseAnswers: t.n ? t.wrong / t.n : 0,
  offered: t.answerable ? t.offered / t.answerable : 1,
});

const mark = (ok) => (ok ? '' : ' ✗');

export async function runFaqBench() {
  const faq = await tsImport('./evaluate.ts', import.meta.url);
  const sets = faq.loadDataSets();
  const answerableKinds = new Set(faq.ANSWERABLE_KINDS);

  // The first index pays for loading the segmenter and its dictionary, once per process: timed apart.
  const warm0 = performance.now();
  faq.buildIndex(faq.toKnowledge(sets[0].entries));
  const firstBuildMs = performance.now() - warm0;

  const base = []; // every question's result with the set's own knowledge base
  const latencyRows = [];
  for (const set of sets) {
    const knowledge = faq.toKnowledge(set.entries);
    const realPhrasings = new Set(set.entries.flatMap((e) => [e.question, ...e.similarQuestions]));
    for (const size of SIZES) {
      const padding = size.entries > knowledge.length ? fillers(size.entries - knowledge.length, realPhrasings) : [];
      const all = [...knowledge, ...padding];
      const t0 = performance.now();
      const index = faq.buildIndex(all);
      const buildMs = performance.now() - t0;
      for (const q of set.questions) faq.ask(q, index, all);
      const times = [];
      let results;
      for (let pass = 0; pass < TIMED_PASSES; pass++) {
        const passResults = set.questions.map((q) => {
          const started = performance.now();
          const outcome = faq.ask(q, index, all);
          times.push(performance.now() - started);
          return { set, q, outcome, verdict: faq.judge(q, outcome), withModel: pass === 0 && size.entries === 0 ? faq.judgeWithModel(q, index, all) : null };
        });
        results ??= passResults;
      }
      times.sort((a, b) => a - b);
      const rates = ratesOf(tally(results));
      latencyRows.push({ set, size, entries: all.length, buildMs, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), rates });
      if (size.entries === 0) {
        base.push(...results.map((r) => ({ ...r, index, knowledge: all })));
      }
    }
  }

  const overall = tally(base);
  const overallRates = ratesOf(overall);
  const qualityRow = (name, t) => {
    const r = ratesOf(t);
    return (
      `| ${name} | ${t.n} (${t.unanswerable}) | ${pct(t.right, t.answerable)}${mark(r.accuracy >= TARGETS.accuracy)} ` +
      `| ${pct(t.wrong, t.n)}${mark(r.falseAnswers <= TARGETS.falseAnswers)} | ${pct(t.wrongUnanswerable, t.unanswerable)} ` +
      `| ${pct(t.offered, t.answerable)}${mark(r.offered >= TARGETS.offered)} | ${pct(t.clarified, t.n)} | ${pct(t.grounded, t.answerable)} | ${pct(t.wrongWithModel, t.n)} |`
    );
  };
  const quality = [
    '| business | questions (unanswerable) | answered right (≥ 90 %) | false answers (≤ 5 %) | false answers, unanswerable only | right entry answered or offered (≥ 97 %) | clarified | with a model: right entry answered or referenced | with a model: false answers sent as is |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...sets.map((set) => qualityRow(`${set.label} (${set.entries.length} entries)`, tally(base.filter((r) => r.set === set)))),
    qualityRow('**all**', overall),
  ];

  const kindRows = faq.KINDS.map((kind) => {
    const t = tally(base.filter((r) => r.q.kind === kind));
    const perSet = sets.map((set) => {
      const s = tally(base.filter((r) => r.q.kind === kind && r.set === set));
      return answerableKinds.has(kind) ? `${s.right}/${s.answerable}` : `${s.wrong}/${s.n}`;
    });
    return answerableKinds.has(kind)
      ? `| ${kind} | ${t.n} | ${pct(t.right, t.answerable)} | ${pct(t.offered, t.answerable)} | ${pct(t.grounded, t.answerable)} | ${pct(t.wrong, t.n)} | ${perSet.join(' | ')} |`
      : `| ${kind} | ${t.n} | — | — | — | ${pct(t.wrong, t.n)} | ${perSet.join(' | ')} |`;
  });
  const byKind = [
    `| kind | questions | answered right | right entry answered or offered | with a model: answered or referenced | answered wrongly | ${sets.map((s) => s.business).join(' | ')} |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ${sets.map(() => '---:').join(' | ')} |`,
    ...kindRows,
  ];

  const latencyOk = latencyRows.every((row) => row.size.p95 === null || row.p95 <= row.size.p95);
  const latency = [
    '| business | knowledge entries | index build (ms) | planTurn p50 / p95 / max (ms) | p95 budget | answered right | false answers | answered or offered |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
    ...latencyRows.map(
      (row) =>
        `| ${row.set.business} | ${row.entries.toLocaleString('en')} | ${ms(row.buildMs)} | ${ms(row.p50)} / ${ms(row.p95)} / ${ms(row.max)} ` +
        `| ${row.size.p95 === null ? '—' : `≤ ${row.size.p95}${mark(row.p95 <= row.size.p95)}`} ` +
        `| ${pct(row.rates.accuracy, 1)} | ${pct(row.rates.falseAnswers, 1)} | ${pct(row.rates.offered, 1)} |`,
    ),
  ];

  const qualityOk =
    overallRates.accuracy >= TARGETS.accuracy && overallRates.falseAnswers <= TARGETS.falseAnswers && overallRates.offered >= TARGETS.offered;
  console.log(`FAQ sets: ${sets.map((s) => `${s.file} (${s.entries.length} entries, ${s.questions.length} questions)`).join(', ')}`);
  console.log('✗ marks a figure outside its target.\n');
  console.log(quality.join('\n'));
  console.log('\nBy kind (per business: answered right / answerable, or answered wrongly / all for the unanswerable kinds):\n');
  console.log(byKind.join('\n'));
  console.log(
    `\nLatency of one planTurn (${TIMED_PASSES} timed passes over each set's questions after a warm-up pass; padded with generated ` +
      `filler entries). The process's first index build, which loads the segmenter, took ${ms(firstBuildMs)} ms and is not in the table:\n`,
  );
  console.log(latency.join('\n'));

  const entryName = (r, id) => {
    const e = r.knowledge.find((k) => k.knowledgeId === id);
    return `#${id} ${e ? e.question : '?'}`;
  };
  const gotText = (r) => {
    const o = r.outcome;
    if (o.type === 'answer') return `answered ${entryName(r, o.id)} (${o.score.toFixed(2)})`;
    if (o.type === 'clarify') return `clarify [${o.candidates.map((c) => `#${c.id} ${c.name} ${c.score.toFixed(2)}`).join(', ')}]`;
    return o.hit;
  };
  const failing = base.filter((r) => (r.q.expect === null ? r.verdict.wrong : !r.verdict.right));
  console.log(`\nFailing questions (${failing.length} of ${base.length}; ○ = right entry offered in a clarify):`);
  for (const r of failing) {
    const top = r.index
      .search(r.q.text, 3)
      .map((h) => `#${h.entry.knowledgeId} ${h.entry.question} ${h.score.toFixed(2)}`)
      .join(', ');
    const expected = r.q.expect === null ? 'nothing' : entryName(r, r.q.expect);
    const previous = r.q.previous ? ` (after 「${r.q.previous}」)` : '';
    console.log(
      `${r.verdict.offered ? '○' : '✗'} [${r.set.business}/${r.q.kind}] 「${r.q.text}」${previous}: expected ${expected}; got ${gotText(r)}; top: ${top || 'none'}`,
    );
  }

  const verdict = [
    `answered right ${pct(overall.right, overall.answerable)} (target ≥ ${TARGETS.accuracy * 100} %)`,
    `false answers ${pct(overall.wrong, overall.n)} (≤ ${TARGETS.falseAnswers * 100} %)`,
    `answered or offered ${pct(overall.offered, overall.answerable)} (≥ ${TARGETS.offered * 100} %)`,
    `with a model answered or referenced ${pct(overall.grounded, overall.answerable)}, false answers sent as is ${pct(overall.wrongWithModel, overall.n)}`,
    `latency ${latencyOk ? 'within' : 'over'} budget`,
  ];
  console.log(`\nVerdict: ${verdict.join('; ')}.`);

  const day = new Date().toISOString().slice(0, 10);
  const machine = `${cpus().length} cores ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? ''}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
  writeDocSection(path.join(root, 'docs/benchmarks.md'), 'FAQ answering', [
    `Measured ${day} on ${machine} with \`node bench/faq/run.mjs\` (or \`npm run bench -- faq\`): every`,
    'bench/faq/data/*.json put to the built-in engine\'s `planTurn` as a new agent from the 通用客服 template would answer',
    '(default thresholds: answer 0.5, clarify 0.2), one fresh conversation per question, a follow-up with its previous message.',
    'Each set is one business\'s knowledge base (30+ entries written as an admin would) and 129–138 questions typed as',
    'customers type, with a kind each and about 31 % greetings, thanks, off-topic and near-miss questions.',
    '**shop, recruit, renovation and school were used while tuning the engine; clinic and repair are a holdout**, written',
    'afterwards by someone who saw neither the engine\'s lexicon nor the other sets, and never tuned on: they are the honest',
    'figure for a business the engine has not met (two of its greetings, addressed to 医生, were looked at and the small-talk',
    'words of address widened; nothing else). Two later rules were written while looking at the failures of all six sets,',
    'the holdout\'s included: the bare-ellipsis rule for follow-ups (「那全包呢」) and the job seeker\'s and supplier\'s guards',
    'for near misses (「你们招维修师傅吗」); for those two kinds the holdout is no longer unseen.',
    '**drivingschool and petcare are a second holdout**, written on 2026-11-24 by someone who saw neither the engine nor the',
    'other sets. When they were added the engine scored 59.6 % / 9.7 % false / 74.2 % (drivingschool) and 65.9 % / 2.3 % /',
    '84.1 % (petcare). drivingschool\'s false answers were then looked at: they led to the asking-clause and aspect-only rules',
    'and three lexicon fixes (材料 is not 面料, 资料, 陪驾). petcare\'s failures were never looked at.',
    '**gym and housekeeping are a third holdout**, written on 2026-11-25 by someone who saw neither the engine nor the other',
    'sets, at the same time as the domain vocabulary (lexicon.ts, vocabulary/*.ts) was written by others who saw no set.',
    'Before the vocabulary the engine scored 59.1 % / 5.3 % false / 76.1 % (gym) and 48.9 % / 8.3 % / 76.1 % (housekeeping);',
    'petcare 65.9 % / 0.0 % / 85.2 %. After the vocabulary: 59.1 % / 6.1 % / 79.5 % (gym), 50.0 % / 4.5 % / 81.8 %',
    '(housekeeping), 71.6 % / 0.8 % / 88.6 % (petcare), with none of the three sets\' failures looked at.',
    'On 2026-11-25 an audit removed ~1,100 ambiguous words from the vocabulary (written without the sets); 35 of them were',
    'then put back because the results of all ten sets, the holdouts\' included, got worse without them (开门, 外地, 位置,',
    '资料…), and the gym set\'s false answers were read. Since then no set is fully unseen: the figures before that day are',
    'the last unseen ones.',
    '**homestay and carcare are a fourth holdout**, written on 2026-11-25 by someone who saw neither the engine, its',
    'vocabulary nor the other sets. When they were added the engine scored 59.1 % / 3.8 % false / 77.3 % (homestay) and',
    '58.0 % / 5.3 % / 84.1 % (carcare): the honest figure for a business the engine has not met, about ten points below the',
    'sets it has seen. Their failures were then read; three rules came of them (a clause of one or two of the stored',
    'questions\' words typed apart is part of the question, 「次卡 洗车 多少钱」; a message that asks nothing is never answered',
    'on a lone clarify candidate; a typo window of four characters may hold a stop word, 「营也时间」), no vocabulary.',
    '**optician and weddingphoto are a fifth holdout**, written on 2026-12-01 by helpers who saw neither the engine, its',
    'vocabulary nor the other sets. When they were added the engine scored 63.6 % / 6.1 % false / 79.5 % (optician) and',
    '60.2 % / 6.1 % / 77.3 % (weddingphoto); with a model the expected entry was answered or referenced for 87.5 % and',
    '78.4 %. Unseen businesses stay about ten points below the seen ones, and their false answers above 5 %.',
    'The same day the intent model (engine/intents.ts, docs/ai-service.md §Intents) was added, its ~400 needs and 12,236',
    'examples written by others who saw no set: all sets 70.0 → 71.8 % right, 3.4 → 3.5 % false; optician 63.6 → 64.8 %,',
    'weddingphoto 60.2 → 60.2 %, both 6.1 → 5.3 % false. Its parameters were chosen on all fourteen sets.',
    'Before issue 10 the engine answered 23 % right on a comparable outside set.',
    '',
    'Answered right = answerable questions answered with the expected entry; false answers = questions answered with an',
    'entry that is not the expected one (for unanswerable ones: any entry), over all questions; answered or offered = the',
    'expected entry answered or among the 「您是想问」 choices. With a model: the same agent with a model provider, the expected',
    'entry answered as is or among the references its prompt would carry (no model is called: an upper bound of grounded',
    'model answers, which the model still has to recognise), and the entries it would send as is that are not the expected one.',
    '',
    ...quality,
    '',
    'By kind:',
    '',
    ...byKind,
    '',
    `Latency of one \`planTurn\` (${TIMED_PASSES} timed passes after a warm-up; knowledge bases padded with generated filler entries):`,
    '',
    ...latency,
    '',
    `Verdict: ${verdict.join('; ')}.`,
  ].join('\n'));
  return qualityOk && latencyOk;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runFaqBench();
  // A measurement for tuning the engine: missing a target is reported above, not an error.
  process.exit(0);
}
