import { normalizeForMatch } from './normalize';

/**
 * Greetings, thanks, goodbyes and acknowledgements, recognised only when that is all a message says
 * (「嗨嗨」「在吗亲」「早上好呀」「OK 多谢」), never when a question comes with them (「运费怎么算？谢谢」).
 */
export type SmallTalk = 'greeting' | 'thanks' | 'bye' | 'ack';

export const SMALLTALK_LABELS: Record<SmallTalk, string> = { greeting: '问候', thanks: '感谢', bye: '告别', ack: '确认' };

/** What the engine says when no rule of the agent answers the small talk. */
export const SMALLTALK_REPLIES: Record<SmallTalk, string> = {
  greeting: '您好，请问有什么可以帮您？',
  thanks: '不客气，还有其他问题随时问我。',
  bye: '好的，感谢您的咨询，再见！',
  ack: '好的，还有其他问题随时问我。',
};

/** Longest first within a kind, so 早上好 is taken whole before 好. */
const WORDS: Record<SmallTalk, string[]> = {
  greeting: [
    '有人在吗', '有人吗', '在不在', '在吗', '在么', '在嘛', '在不', '你好呀', '你好', '您好', '哈喽', '哈啰', '嗨', 'hello', 'hey', 'hi', 'hallo',
    '早上好', '上午好', '中午好', '下午好', '晚上好', '早安', '午安', '晚安', '早啊', '早', '打扰了', '打扰一下', '打扰', '请问', '咨询一下', '咨询下', '咨询',
    // How customers address the one answering: on their own they add nothing to a greeting or thanks.
    '老板娘', '老板', '客服', '亲爱的', '亲亲', '亲', '美女', '帅哥', '小姐姐', '小哥哥', '小哥', '姐姐', '哥哥', '宝子', '同学',
    '老师', '师傅', '医生', '大夫', '护士', '经理', '店长', '掌柜', '管家', '顾问', '您', '你',
  ],
  thanks: ['非常感谢', '感谢您', '谢谢你', '谢谢您', '谢谢', '多谢', '感谢', '谢啦', '谢了', '谢谢啦', '3q', 'thanks', 'thank you', 'thx', '辛苦了', '辛苦', '麻烦了', '麻烦你了', '太感谢了', '感恩'],
  bye: ['再见', '拜拜', '拜', 'bye', '回头见', '下次见', '先这样', '就这样吧', '就这样', '没事了', '没问题了', '没别的了', '88'],
  ack: ['好的', '好滴', '好嘞', '好哒', '好吧', '好', 'ok', 'okay', '嗯嗯', '嗯', '哦哦', '哦', '知道了', '明白了', '明白', '了解了', '了解', '收到', '懂了', '可以', '行', '行吧', '没问题'],
};

/** Particles, emphasis and emoji that come with small talk without changing it. */
const FILLER = /[\s\p{P}\p{S}\p{Emoji_Presentation}]|[啊呀哈嘛哦呢吧啦哇嘞咯噢喔哟~～]/gu;

const ALTERNATIVES = (Object.entries(WORDS) as Array<[SmallTalk, string[]]>)
  .flatMap(([kind, words]) => words.map((word) => ({ kind, word })))
  .sort((a, b) => b.word.length - a.word.length);

/**
 * The kind of small talk a message is, or null when it says anything else. A mix takes the most
 * telling kind: thanks or goodbye over a greeting word (「好的谢谢」 is thanks).
 */
export function smallTalkOf(text: string): SmallTalk | null {
  let rest = normalizeForMatch(text).slice(0, 60);
  if (rest.length === 0 || text.length > 60) return null;
  const found = new Set<SmallTalk>();
  let progress = true;
  while (progress && rest.length > 0) {
    progress = false;
    rest = rest.replace(FILLER, '');
    for (const { kind, word } of ALTERNATIVES) {
      if (rest.startsWith(word)) {
        found.add(kind);
        rest = rest.slice(word.length);
        progress = true;
        break;
      }
    }
  }
  if (rest.length > 0 || found.size === 0) return null;
  for (const kind of ['thanks', 'bye', 'greeting', 'ack'] as const) if (found.has(kind)) return kind;
  return null;
}

/**
 * What a reply rule is about, tested on the plainest way of saying each: a rule that answers 「谢谢」
 * is a thanks rule and must not fire on 「运费怎么算？谢谢」.
 */
const PLAIN: Record<SmallTalk, string[]> = {
  greeting: ['你好', '您好', '在吗', 'hello'],
  thanks: ['谢谢', '感谢', '多谢'],
  bye: ['再见', '拜拜'],
  ack: ['好的', '知道了'],
};

export function smallTalkRuleKind(matches: (text: string) => boolean): SmallTalk | null {
  for (const kind of ['greeting', 'thanks', 'bye', 'ack'] as const) {
    if (PLAIN[kind].some((text) => matches(text))) return kind;
  }
  return null;
}
