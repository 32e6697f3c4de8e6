import { describe, expect, it } from 'vitest';
import { analyze, soundsOf, soundTier } from '../../../src/modules/ai/engine/analyze';
import { BUILTIN_MAP, BUILTIN_SYNONYMS, CHATTER_WORDS, STOP_WORDS, synonymMap } from '../../../src/modules/ai/engine/lexicon';
import { KnowledgeIndex } from '../../../src/modules/ai/engine/retrieval';
import { EDUCATION_GROUPS } from '../../../src/modules/ai/engine/vocabulary/education';
import { HEALTH_GROUPS } from '../../../src/modules/ai/engine/vocabulary/health';
import { HOME_GROUPS } from '../../../src/modules/ai/engine/vocabulary/home';
import { INTENT_GROUPS } from '../../../src/modules/ai/engine/vocabulary/intents';
import { LEISURE_GROUPS } from '../../../src/modules/ai/engine/vocabulary/leisure';
import { RETAIL_GROUPS } from '../../../src/modules/ai/engine/vocabulary/retail';
import { lexiconConflicts, vocabularyWordProblems } from './lexicon-check';

const VOCABULARY = { intents: INTENT_GROUPS, health: HEALTH_GROUPS, home: HOME_GROUPS, education: EDUCATION_GROUPS, leisure: LEISURE_GROUPS, retail: RETAIL_GROUPS };

describe('built-in lexicon', () => {
  it('reads every word one way: no word is in two groups', () => {
    expect(lexiconConflicts(BUILTIN_SYNONYMS)).toEqual([]);
  });

  it.each(Object.entries(VOCABULARY))('vocabulary/%s.ts lists no stop word, chatter word, single character, repeat or padded word', (_name, groups) => {
    expect(groups.length).toBeGreaterThan(100);
    expect(vocabularyWordProblems(groups, { stop: STOP_WORDS, chatter: CHATTER_WORDS, read: BUILTIN_MAP })).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    expect(lexiconConflicts([['洗牙', '洁牙'], ['补牙', '洁牙']])).toEqual(['「洁牙」 is in group 「洗牙」 and in group 「补牙」']);
    expect(lexiconConflicts([['洗牙', '洁牙'], ['洁牙', '牙齿清洁']])).toEqual([]);
    const group = ['退款', '能退款吗', '吗', '退', '周末', '退钱', '退钱'];
    const problems = vocabularyWordProblems([group], { stop: STOP_WORDS, chatter: CHATTER_WORDS, read: synonymMap([group]) });
    expect(problems).toEqual([
      '「能退款吗」 (group 「退款」) is 「退款」 with stop words around it',
      '「吗」 (group 「退款」) is a stop word',
      '「吗」 (group 「退款」) is a single character',
      '「退」 (group 「退款」) is a single character',
      '「周末」 (group 「退款」) is a chatter word',
      '「退钱」 twice in group 「退款」',
    ]);
  });

  it('a group whose first word an earlier group has extends that group', () => {
    const map = synonymMap([['洗牙', '洁牙'], ['洁牙', '牙齿清洁']]);
    expect(map.get('牙齿清洁')).toBe('洗牙');
    expect(BUILTIN_MAP.get('箍牙')).toBe(BUILTIN_MAP.get('牙齿矫正'));
  });

  it('a phrase that ends with a lexicon word of another group also says what that word says', () => {
    const vocabulary = { synonyms: BUILTIN_MAP, sounds: new Map<string, string>(), words: new Set<string>(), readWords: new Set<string>() };
    expect(analyze('一个班多少人', vocabulary).words).toContain(BUILTIN_MAP.get('几个人'));
    const index = new KnowledgeIndex([
      { knowledgeId: 1, question: '一个班多少人', similarQuestions: [], answer: 'a' },
      { knowledgeId: 2, question: '上课时间怎么安排', similarQuestions: [], answer: 'b' },
    ]);
    expect(index.search('几个人一个班', 1)[0]?.entry.knowledgeId).toBe(1);
  });
});

describe('sounds by tier', () => {
  it("an agent's own word keeps its sound against a lexicon word that sounds the same", () => {
    const read = (word: string) => BUILTIN_MAP.get(word) ?? word;
    const sounds = soundsOf([soundTier(['返费'], read), soundTier(['饭费', '返费'], read)]);
    expect(sounds.get('fanfei')).toBe('返费');
    // Without the agent's word the two lexicon words clash, and neither is guessed.
    expect(soundsOf([soundTier(['饭费', '返费'], read)]).has('fanfei')).toBe(false);
    // Two words read as the same word do not clash.
    expect(soundsOf([soundTier(['退费', '推费'], () => '退款')]).get('tuifei')).toBe('退费');
  });
});
