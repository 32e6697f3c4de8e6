import { CHAT_MESSAGE_MAX, type LeadField } from '@acs/shared';
import { isCjk, toHalfWidth } from './normalize';
import type { FoundField } from './types';

/**
 * Contact details in a customer's message: mainland mobile numbers, WeChat ids and names.
 *
 * Strict on purpose: a wrong phone in a lead costs a sales call, a missed one costs a question.
 * - phone: mainland mobiles only (1[3-9] + 9 digits) after removing +86/0086/86 and the spaces,
 *   dashes and dots people type between digit groups; full-width digits and all-numeral Chinese
 *   runs (一三八…, 幺 = 1) count. Landlines and 400 numbers are not captured: the lead's phone is
 *   the customer's own mobile, and a landline in a chat is far more often the shop's or an office
 *   switchboard. Never a phone: digit runs of other lengths (order, ID and card numbers, dates),
 *   numbers introduced by an order/card/ID/QQ/version/serial/amount word, amounts (¥…, …元), and
 *   digits glued across dots (v15.9.2345.6789, 8.0.13800138000): dots separate a phone's groups only
 *   in its own 3-4-4 shape (138.0013.8000), never after a version letter. Every number found is kept,
 *   in the order written: 「打139…或者150…都行」 gives two phones, the first the primary.
 * - masked phones (138****8000, 138xxxx8000) are kept with masked: true, as written.
 * - wechat: only after a cue word (微信, vx, wx, v信, 薇, 威信, 加v, wechat…, also 「微信搜 abc_2020」):
 *   an id of 6–20 letters/digits/_/-, letter first, or wxid_… (that prefix is a cue of its own); a
 *   phone right after the cue, or 「微信同号」-like words with a phone in the message, make the phone
 *   the WeChat.
 * - name: after 我叫 / 姓名 / 联系人…, a common surname plus one or two characters; 「我姓王」 gives
 *   the surname alone ("王": the staff see the evidence, and guessing 先生/女士 would be wrong half the
 *   time); 「我是王女士」 gives 王女士, 「叫我小张」 小张, 「138… 找王先生」 王先生. A bare 2–4 character
 *   reply starting with a surname counts only when the lead question asked for the name (method 'answer').
 * All matching runs on a one-to-one normalised copy of the message, so evidence is cut from the
 * customer's own text.
 */

export interface LeadExtractOptions {
  /** Fields the lead question just asked for: a bare answer («张三», «zhangsan88») counts. */
  expecting?: LeadField[];
}

export interface LeadDetails {
  fields: FoundField[];
  /** The message with the contact details (and their cue words) cut out. */
  rest: string;
}

const EVIDENCE_MAX = 40;

const NUMERALS: Record<string, string> = {
  零: '0', 〇: '0', 一: '1', 幺: '1', 二: '2', 两: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9',
};
/** Only a run made entirely of numerals is read as digits: 「一三八零零一三八零零零」, not 「三个一」. */
const NUMERAL_RUN = /[零〇一幺二两三四五六七八九](?:[ -]?[零〇一幺二两三四五六七八九]){10,}/g;

const MOBILE = /^1[3-9]\d{9}$/;
/** Digits with the separators people type inside a number: 138 0013 8000, 138-0013-8000, 138.0013.8000. */
const DIGIT_RUN = /\+?\d(?:[ .\u2014-]{1,3}(?=\d)|\d)*/g;
const MASKED = /(?<!\d)1[3-9]\d[ -]?(?:\*{3,5}|[xX]{4})[ -]?\d{4}(?!\d)/g;

/**
 * Words that introduce something other than the customer's own phone: order, parcel, card, ID, QQ,
 * a product's version or serial number, money, or the shop's numbers (「你们的电话是…吗」).
 */
const OTHER_NUMBER_CUE =
  /你们的?(?:电话|手机|号码|热线)|客服(?:电话|热线)|热线|门店电话|店里电话|商家电话|座机|固话|订单号码|订单号?|单号|快递|运单|物流|编号|卡号|银行卡|账号|帐号|身份证|证件|流水|工号|学号|扣扣|qq|q号|发票|税号|密码|验证码|型号|版本|序列号|串号|imei|sn码|条码|条形码|批号|固件|金额|价格|价钱|总价|合计|共计|付款|转账|余额|邮编|车牌/gi;
const PHONE_CUE = /手机|电话|(?<!单)号码|联系|tel|phone|mobile|call|打我|致电|微信|vx|wx|v信|薇|威信/gi;
const CURRENCY_BEFORE = /[¥$€£]\s*$|rmb\s*$/i;
const UNIT_AFTER = /^\s*(?:元|块|万|千|百|角|毛|美元|人民币|rmb|%|个|件|次|天|年|岁|米|斤|箱|台|张|份|号楼|楼|室|ml|kg|g\b)/i;
/** Latin words that may stand right before a phone: tel13800138000, vx13800138000. */
const PHONE_PREFIX_WORDS = new Set(['tel', 'phone', 'mobile', 'mob', 'call', 'vx', 'wx', 'v', 'wechat', 'weixin', 'dh', 'sj']);

const WECHAT_CUE =
  /微信号|微信|威信|薇信|v信|(?<![a-z0-9_])(?:vx|wx|wechat|weixin)(?![a-z])|加个?v(?![a-z信])|\+v(?![a-z])|(?<![a-z0-9_])v(?=\s*:)|薇/gi;
/**
 * What customers put between the cue and the id: 「微信号码是：」「vx 吧，」「wechat id: 」, and how to
 * find them: 「微信搜 abc_2020」「vx搜一下」「微信上搜」「电话微信都是 138…」.
 */
const WECHAT_CONNECTOR = /^(?:[\s:=,]|号码|号|码|id|账号|就是|也是|都是|是|为|吧|呗|哈|呀|啊|的|搜索|搜一搜|搜一下|搜|上|里){0,8}/i;
/** The id ends where id characters end, but not inside an e-mail address (zhangsan@163.com). */
const WECHAT_ID = /^(?:wxid_[a-z0-9_-]{4,30}|[a-z][a-z0-9_-]{5,19})(?![a-z0-9_-]|[@.][a-z0-9])/i;
const WXID_ANYWHERE = /(?<![a-z0-9_-])wxid_[a-z0-9_-]{4,30}(?![a-z0-9_-])/gi;
/** English words a customer writes after a cue that are not an id ("微信 thanks"). */
const NOT_WECHAT_IDS = new Set(['thanks', 'thankyou', 'please', 'wechat', 'weixin', 'number', 'search', 'friend', 'hello', 'online']);
/** 「微信同号」「微信就是手机号」「电话同微信」「（微信同）」: the phone is the WeChat too. */
const WECHAT_SAME_AS_PHONE = [
  /(?<![没无不])(?:微信|vx|wx|v信|威信)[^,。;!?不没别无]{0,6}(?:同号|手机|电话|一样|同一个)/i,
  /(?<![没无不])(?:微信|vx|wx|v信|威信)\s*同(?=$|[\s,.;!?)\]])/i,
  /(?:手机|电话)(?:号码?)?[^,。;!?不没别无]{0,4}(?:同|就是|也是)(?:微信|vx|v信)/i,
];

const SURNAMES_COMPOUND = ['欧阳', '司马', '诸葛', '上官', '东方', '皇甫', '慕容', '令狐', '司徒', '夏侯', '长孙', '尉迟', '公孙', '宇文', '端木', '独孤', '南宫'];
/**
 * The common single-character surnames; words that are far more often something else (和, 都, 来,
 * 时…) are left out because a bare answer starting with them is rarely a name.
 */
const SURNAMES = new Set([
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖萧田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫阎段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔汤温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕季裴霍涂苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤穆农卓古吉缪简车项连麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂佟应臧闵苟邬边卞姬师仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩佘池查苑迟邝封谈匡鞠荆冀郁胥班储栗燕楚鄢劳奚皮粟冼蔺楼闻厉伊郜阚权帅屠朴盖练廉禹井祖漆巴丰卿狄宣晋初容扈晁芮阙浦戈伏鹿薄邸雍辜裘邰赫杭况宿印逯隆茹诸战慕危嵇湛宾戎勾茅',
]);
/** Characters that end a name: particles, pronouns, verbs of the sentence around it. */
const NAME_STOP = new Set([
  ...'想要在的是了呢啊吧哦呀你我他她们和跟电手微今来去有没不请问咨谢好嗯女姐这那哪什怎也都就还吗啦哈呃号打加联找给说过啥很能会可以到从对把被让叫姓名字',
]);
/** Words that end a name even though their first character may be part of one (明天 after 张三). */
const NAME_STOP_WORDS = ['明天', '明早', '明晚', '后天', '晚上', '下午', '上午', '中午', '先生', '以后', '之前', '现在'];
/** Words starting with a surname that a customer answers with far more often than a name. */
const NOT_NAMES = new Set([
  '方便', '马上', '高兴', '周末', '江苏', '黄色', '白色', '金色', '安全', '文件', '石头', '高端', '钱包', '海鲜',
  '余额', '程序', '万一', '毛病', '关于', '关注', '管理', '包邮', '包装', '成本', '谢谢', '温馨', '康复', '宁波',
  '武汉', '苏州', '常州', '温州', '杭州', '贵州', '付款', '费用', '费心', '邮费', '路上', '车上', '车子',
]);
const NAME_TITLES = '先生|女士|小姐|老师|经理|总';
const NAME_CUE = /(?:我叫|我的名字是|我的名字叫|名字是|名字叫|姓名|名字|联系人|称呼|本人叫)\s*[:：]?\s*(?:是|为)?\s*([\u4e00-\u9fff]{1,6})/g;
const SURNAME_CUE = /(?:我姓|免贵姓|本人姓|敝姓|^\s*姓)\s*([\u4e00-\u9fff]{1,2})/g;
/** 「我是王女士」, but not 「我是张总介绍来的」: the title ends the words or a particle follows. */
const TITLED_NAME = new RegExp(
  `(?:我是|叫我|本人是?|我这边是)\\s*([\\u4e00-\\u9fff]{1,2}?)(${NAME_TITLES})(?=$|[^\\u4e00-\\u9fff]|[呀啊哈哦嘛])`,
  'g',
);
/** 「张先生 13800138000」「王女士，…」: a surname and a title standing on their own are a name too. */
const STANDALONE_TITLED = /(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{1,2}?)(先生|女士|小姐)(?![\u4e00-\u9fff])/g;
/** 「13800138000 找王先生」: whom to ask for on the number just given. */
const ASK_FOR_TITLED = /找\s*([\u4e00-\u9fff]{1,2}?)(先生|女士|小姐)(?![\u4e00-\u9fff])/g;
/** How far (characters) the number may be before 找: a space or a comma. */
const ASK_FOR_GAP = 3;
/** 「叫我小张就行」: what the customer wants to be called, 小/老 and a surname. */
const CALL_ME = /(?:叫我|喊我|称呼我)\s*([小老])([\u4e00-\u9fff])(?=$|[^\u4e00-\u9fff]|[吧呀啊哈哦嘛就好])/g;

const DECLINE_WORDS = '不方便|不想留|不想给|不想说|不用了|不需要|算了|暂时不|先不|不给|不留|不要了|没必要|不用留|拒绝|免了|不必了';
const DECLINE = new RegExp(DECLINE_WORDS);
/** A decline and polite words only («不用了，谢谢»): nothing else is asked. */
const DECLINE_ONLY = new RegExp(`^(?:${DECLINE_WORDS}|不用|谢谢|留|哈|嗯|哦|啦|了|吧|啊|呀|的|[\\s\\p{P}\\p{S}])+$`, 'u');

/**
 * Words around contact details that ask nothing: cues, politeness and when to call («电话13800138000，
 * 明天上午打给我»). A message with nothing else is only contact details.
 */
const FILLER_WORDS = [
  '手机号码', '电话号码', '联系方式', '回个电话', '工作日', '我的', '手机号', '微信号', '联系人', '联系我', '打给我',
  '回电话', '都可以', '这个', '这是', '就是', '好的', '谢谢', '麻烦', '尽快', '随时', '可以', '方便', '有空', '稍后',
  '上午', '下午', '晚上', '中午', '明天', '今天', '后天', '周末', '时候', '之后', '以后', '电话', '号码', '手机', '微信',
  '姓名', '名字', '联系', '回电', '加我', '打我', 'phone', 'tel', 'vx', 'wx', 'ok',
  ...'我你您是叫了吧哦啊呀的哈嗯好行给留下一个号这打加找在都再请点前',
];
const FILLER = new RegExp(`${FILLER_WORDS.join('|')}|[\\s\\p{P}\\p{S}\\d]`, 'giu');

interface Span {
  start: number;
  end: number;
}

type Phone = Span & { value: string };

function surnameOf(run: string): string | null {
  const compound = SURNAMES_COMPOUND.find((s) => run.startsWith(s));
  if (compound) return compound;
  return SURNAMES.has(run[0] as string) ? (run[0] as string) : null;
}

/**
 * A name at the start of `run` (CJK characters following a name cue), or null. `bounded` says the
 * run ends the clause, so a short run is the whole name even if it has a character like 想 (李想).
 */
function nameAt(run: string, bounded: boolean): string | null {
  const surname = surnameOf(run);
  if (!surname) return null;
  const rest = run.slice(surname.length);
  const title = new RegExp(`^(?:${NAME_TITLES})`).exec(rest);
  if (title) return surname + title[0];
  let given = '';
  // A one-character given name may be any character (李想); a longer one stops at particles (王什么).
  if (bounded && (rest.length === 1 || (rest.length === 2 && !NAME_STOP.has(rest[1] as string) && !NAME_STOP.has(rest[0] as string)))) {
    given = rest;
  } else {
    for (const c of rest) {
      const at = given.length;
      if (given.length === 2 || NAME_STOP.has(c) || NAME_STOP_WORDS.includes(rest.slice(at, at + 2))) break;
      given += c;
    }
  }
  if (given.length === 0 || given.length > 2) return null;
  const name = surname + given;
  return NOT_NAMES.has(name) ? null : name;
}

function toWorkText(text: string): string {
  // Both steps map one character to one character: indices stay valid in the original text.
  return toHalfWidth(text).replace(NUMERAL_RUN, (run) => run.replace(/[^ -]/g, (c) => NUMERALS[c] ?? c));
}

function mobileFrom(digits: string): string | null {
  let d = digits;
  if (d.length === 15 && d.startsWith('0086')) d = d.slice(4);
  else if (d.length === 13 && d.startsWith('86')) d = d.slice(2);
  return MOBILE.test(d) ? d : null;
}

/** Where the last match of `pattern` in `text` ends, or -1. */
function lastMatchEnd(pattern: RegExp, text: string): number {
  let end = -1;
  for (const m of text.matchAll(pattern)) end = m.index + m[0].length;
  return end;
}

/** The clause before a number, back to the last sentence punctuation, at most 16 characters. */
function clauseBefore(work: string, start: number): string {
  const window = work.slice(Math.max(0, start - 16), start);
  const cut = Math.max(...[',', '。', ';', '!', '?', '\n', '、'].map((p) => window.lastIndexOf(p)));
  return window.slice(cut + 1);
}

function isPhoneContext(work: string, span: Span): boolean {
  const before = work.slice(0, span.start);
  const after = work.slice(span.end);
  if (/^[a-z_]/i.test(after) || before.endsWith('_')) return false;
  const letters = /[a-z]+$/i.exec(before);
  if (letters && !PHONE_PREFIX_WORDS.has(letters[0].toLowerCase())) return false;
  if (CURRENCY_BEFORE.test(before) || UNIT_AFTER.test(after)) return false;
  const clause = clauseBefore(work, span.start);
  const other = lastMatchEnd(OTHER_NUMBER_CUE, clause);
  // On a tie (「你们的电话」 also ends with 电话) the more specific other cue wins.
  return other < 0 || lastMatchEnd(PHONE_CUE, clause) > other;
}

interface DigitGroup extends Span {
  digits: string;
  /** The separator before this group contains a space: a plausible boundary between two numbers. */
  spaced: boolean;
  /** Part of a dotted number that is not a phone (a version, an address, a decimal): never in a phone. */
  blocked: boolean;
}

/** A phone written with dots has the mobile's own grouping, 138.0013.8000, and nothing else. */
const DOTTED_PHONE_GROUPS = [3, 4, 4];
/** Letters right before a dotted number make it a version or a code: v15.9.2345.6789, V2.1.0, build 15.0.1234. */
const VERSION_BEFORE = /(?:[a-z]|(?:ver|version|build|rev)\s*)$/i;

/**
 * The digit groups of one run. Groups joined by a bare dot are one dotted number: it is a phone only in
 * the mobile's 3-4-4 grouping and not right after a version letter; otherwise its digits belong to
 * no phone, so digits glued across dots (v1.3800.1380.00) never make one.
 */
function digitGroups(run: string, offset: number, before: string): DigitGroup[] {
  const raw: Array<Span & { digits: string; gap: string }> = [];
  for (const m of run.matchAll(/\d+/g)) {
    const prev = raw[raw.length - 1];
    raw.push({ start: offset + m.index, end: offset + m.index + m[0].length, digits: m[0], gap: prev ? run.slice(prev.end - offset, m.index) : '' });
  }
  const groups: DigitGroup[] = [];
  let i = 0;
  while (i < raw.length) {
    let j = i + 1;
    while (j < raw.length && (raw[j] as { gap: string }).gap === '.') j++;
    const chunk = raw.slice(i, j);
    const leading = i === 0;
    i = j;
    // 「13800138000.13900139000」: whole mobiles with a dot between are a list, not one dotted number.
    if (chunk.length > 1 && chunk.every((g) => MOBILE.test(g.digits))) {
      chunk.forEach((g, k) => groups.push({ start: g.start, end: g.end, digits: g.digits, spaced: k > 0 || g.gap.includes(' '), blocked: false }));
      continue;
    }
    const first = chunk[0] as (typeof raw)[number];
    const dotted = chunk.length > 1;
    const phoneShaped = chunk.length === DOTTED_PHONE_GROUPS.length && chunk.every((g, k) => g.digits.length === DOTTED_PHONE_GROUPS[k]);
    const afterVersion = leading && VERSION_BEFORE.test(before);
    groups.push({
      start: first.start,
      end: (chunk[chunk.length - 1] as (typeof raw)[number]).end,
      digits: chunk.map((g) => g.digits).join(''),
      // A dot before a space ends a sentence («…138. 13900139000»): a boundary like the space.
      spaced: first.gap.includes(' '),
      blocked: dotted && (!phoneShaped || afterVersion),
    });
  }
  return groups;
}

/**
 * Mobile numbers in one digit run: the whole run, or else consecutive groups between spaces
 * (「13800138000 13900139000」 is two numbers, 「138 0013 8000」 one).
 */
function mobilesInRun(run: string, offset: number, before: string): Phone[] {
  const groups = digitGroups(run, offset, before);
  const whole = groups.some((g) => g.blocked) ? null : mobileFrom(groups.map((g) => g.digits).join(''));
  if (whole) return [{ start: offset + (run.startsWith('+') ? 1 : 0), end: offset + run.length, value: whole }];
  const startsNumber = (k: number) => k >= groups.length || (groups[k] as DigitGroup).spaced;
  const found: Phone[] = [];
  let i = 0;
  while (i < groups.length) {
    let digits = '';
    let taken = 1;
    for (let j = i; j < groups.length && digits.length < 15; j++) {
      const group = groups[j] as DigitGroup;
      if (group.blocked || (j > i && group.spaced && group.digits.length >= 11)) break;
      digits += group.digits;
      const value = mobileFrom(digits);
      if (value && startsNumber(j + 1)) {
        found.push({ start: (groups[i] as DigitGroup).start, end: group.end, value });
        taken = j - i + 1;
        break;
      }
    }
    i += taken;
    while (!startsNumber(i)) i++;
  }
  return found;
}

/** The words around a match (≤ 40 characters), from the customer's own text. */
function evidence(text: string, span: Span): string {
  const length = span.end - span.start;
  const pad = Math.max(0, Math.floor((EVIDENCE_MAX - length) / 2));
  let from = Math.max(0, span.start - pad);
  const to = Math.min(text.length, from + EVIDENCE_MAX);
  from = Math.max(0, Math.min(from, to - EVIDENCE_MAX));
  return text.slice(from, to).replace(/\s+/g, ' ').trim();
}

/** Collects fields (each value once) and the spans to cut out of the message for `rest`. */
class Collector {
  readonly fields: FoundField[] = [];
  readonly spans: Span[] = [];

  constructor(private readonly text: string) {}

  add(field: LeadField, value: string, span: Span, extra: { method?: FoundField['method']; masked?: boolean; evidence?: Span } = {}): void {
    this.spans.push(span);
    if (this.fields.some((f) => f.field === field && f.value === value)) return;
    this.fields.push({
      field,
      value,
      ...(extra.masked ? { masked: true } : {}),
      method: extra.method ?? 'regex',
      evidence: evidence(this.text, extra.evidence ?? span),
    });
  }

  has(field: LeadField): boolean {
    return this.fields.some((f) => f.field === field && !f.masked);
  }

  /** 「我姓李，李先生」 gives 李 and 李先生: only the fuller form is worth keeping. */
  dropNamePrefixes(): void {
    const names = this.fields.filter((f) => f.field === 'name').map((f) => f.value);
    const shadowed = (f: FoundField) => f.field === 'name' && names.some((n) => n !== f.value && n.startsWith(f.value));
    for (let i = this.fields.length - 1; i >= 0; i--) if (shadowed(this.fields[i] as FoundField)) this.fields.splice(i, 1);
  }

  rest(): string {
    // Blank rather than remove, so that overlapping spans keep their indices.
    const chars = this.text.split('');
    for (const span of this.spans) chars.fill(' ', span.start, span.end);
    return chars.join('').replace(/\s+/g, ' ').trim();
  }
}

function findPhones(work: string): Phone[] {
  const phones: Phone[] = [];
  for (const m of work.matchAll(DIGIT_RUN)) {
    for (const phone of mobilesInRun(m[0], m.index, work.slice(Math.max(0, m.index - 10), m.index))) {
      if (isPhoneContext(work, phone)) phones.push(phone);
    }
  }
  return phones;
}

function collectWechat(work: string, phones: Phone[], out: Collector): void {
  for (const cue of work.matchAll(WECHAT_CUE)) {
    const afterCue = cue.index + cue[0].length;
    const at = afterCue + (WECHAT_CONNECTOR.exec(work.slice(afterCue)) as RegExpExecArray)[0].length;
    // 「微信搜13800138000」: one word between the cue and a phone still points at it.
    const phone = phones.find((p) => p.start === at || p.start === at + 1);
    if (phone) {
      out.add('wechat', phone.value, { start: cue.index, end: at }, { evidence: { start: cue.index, end: phone.end } });
      continue;
    }
    const id = WECHAT_ID.exec(work.slice(at));
    if (id && !NOT_WECHAT_IDS.has(id[0].toLowerCase())) out.add('wechat', id[0], { start: cue.index, end: at + id[0].length });
  }
  for (const m of work.matchAll(WXID_ANYWHERE)) out.add('wechat', m[0], { start: m.index, end: m.index + m[0].length });
  const phone = phones[0];
  if (!phone) return;
  for (const pattern of WECHAT_SAME_AS_PHONE) {
    const m = pattern.exec(work);
    if (!m) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    out.add('wechat', phone.value, span, { evidence: { start: Math.min(span.start, phone.start), end: Math.max(span.end, phone.end) } });
    return;
  }
}

function collectNames(work: string, phones: Phone[], out: Collector): void {
  for (const pattern of [TITLED_NAME, STANDALONE_TITLED]) {
    for (const m of work.matchAll(pattern)) {
      const surname = m[1] as string;
      if (surname === surnameOf(surname)) out.add('name', surname + (m[2] as string), { start: m.index, end: m.index + m[0].length });
    }
  }
  for (const m of work.matchAll(ASK_FOR_TITLED)) {
    const surname = m[1] as string;
    const afterPhone = phones.some((p) => p.end <= m.index && m.index - p.end <= ASK_FOR_GAP && /^[\s,]*$/.test(work.slice(p.end, m.index)));
    if (afterPhone && surname === surnameOf(surname)) out.add('name', surname + (m[2] as string), { start: m.index, end: m.index + m[0].length });
  }
  for (const m of work.matchAll(CALL_ME)) {
    if (surnameOf(m[2] as string)) out.add('name', (m[1] as string) + (m[2] as string), { start: m.index, end: m.index + m[0].length });
  }
  for (const m of work.matchAll(NAME_CUE)) {
    const run = m[1] as string;
    const end = m.index + m[0].length;
    const name = nameAt(run, !isCjk(work[end] ?? ''));
    if (name) out.add('name', name, { start: m.index, end: end - run.length + name.length });
  }
  for (const m of work.matchAll(SURNAME_CUE)) {
    const surname = surnameOf(m[1] as string);
    if (!surname) continue;
    const end = m.index + m[0].length - (m[1] as string).length + surname.length;
    const title = new RegExp(`^[,\\s]*(${NAME_TITLES})`).exec(work.slice(end));
    out.add('name', surname + (title ? (title[1] as string) : ''), { start: m.index, end: end + (title ? title[0].length : 0) });
  }
}

/**
 * A reply to the lead question without cue words: 「张伟」「张伟 13800138000」「zhangsan88」. Only
 * what is left once the phones are cut out counts, and only for the fields that were asked.
 */
function collectAnswers(work: string, phones: Phone[], expecting: LeadField[], out: Collector): void {
  let left = work;
  for (const p of phones) left = left.slice(0, p.start) + ' '.repeat(p.end - p.start) + left.slice(p.end);
  const trimmed = left.replace(/^[\s\p{P}\p{S}]+/u, '');
  const bare = trimmed.replace(/[\s\p{P}\p{S}]+$/u, '');
  const span = { start: left.length - trimmed.length, end: left.length - trimmed.length + bare.length };
  if (expecting.includes('name') && !out.has('name') && /^[\u4e00-\u9fff]{2,4}$/.test(bare)) {
    const surname = surnameOf(bare);
    const titled = surname !== null && new RegExp(`^(?:${NAME_TITLES})$`).test(bare.slice(surname.length));
    const given = surname ? [...bare.slice(surname.length)] : [];
    if (titled || (nameAt(bare, true) === bare && !given.some((c) => NAME_STOP.has(c)))) {
      out.add('name', bare, span, { method: 'answer' });
    }
  }
  if (expecting.includes('wechat') && !out.has('wechat')) {
    const id = WECHAT_ID.exec(bare);
    if (id && id[0] === bare && !NOT_WECHAT_IDS.has(bare.toLowerCase())) out.add('wechat', bare, span, { method: 'answer' });
    // Asked only for the WeChat, a bare mobile number is the WeChat (most are registered by phone).
    else if (!expecting.includes('phone') && phones.length === 1 && bare === '') {
      out.add('wechat', (phones[0] as Phone).value, phones[0] as Phone, { method: 'answer' });
    }
  }
}

/** Contact details found in a message, plus what the message says besides them. */
export function extractLeadDetails(message: string, opts: LeadExtractOptions = {}): LeadDetails {
  const text = message.slice(0, CHAT_MESSAGE_MAX);
  const work = toWorkText(text);
  const out = new Collector(text);
  const phones = findPhones(work);
  for (const phone of phones) out.add('phone', phone.value, phone);
  for (const m of work.matchAll(MASKED)) {
    out.add('phone', m[0].replace(/[ -]/g, ''), { start: m.index, end: m.index + m[0].length }, { masked: true });
  }
  collectWechat(work, phones, out);
  collectNames(work, phones, out);
  collectAnswers(work, phones, opts.expecting ?? [], out);
  out.dropNamePrefixes();
  return { fields: out.fields, rest: out.rest() };
}

export function extractLeadFields(text: string, opts: LeadExtractOptions = {}): FoundField[] {
  return extractLeadDetails(text, opts).fields;
}

/** Nothing besides contact details and polite filler («我的电话是 138…，谢谢»). */
export function isOnlyContact(rest: string): boolean {
  return toHalfWidth(rest).replace(FILLER, '').length === 0;
}

/** The customer turns the lead question down (不方便, 不用了, 算了…). */
export function isDecline(text: string): boolean {
  return DECLINE.test(toHalfWidth(text));
}

/** The message is a decline and nothing more. */
export function isBareDecline(text: string): boolean {
  return DECLINE_ONLY.test(toHalfWidth(text).trim());
}
