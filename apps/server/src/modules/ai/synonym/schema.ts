import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { filterText, optionalText, statusFlag } from '../../../core/rules';
import { aiSynonym } from '../../../db/schema';
import { normalizeForMatch, toHalfWidth } from '../engine/normalize';

/** Characters of one word: more would be a phrase, not a word the engine can swap for another. */
export const WORD_MAX = 20;
/** Words of one group. */
export const WORDS_MAX = 20;
/** What a pasted or imported line separates its words with. */
const SEPARATORS = /[、，,|\s]+/;
/** Letters (Chinese included) and digits only: punctuation or a space inside a word never matches a message. */
const WORD_PATTERN = /^[\p{L}\p{N}]+$/u;
/** The raw input, before it is split: far more than twenty words of twenty characters. */
const RAW_MAX = 2000;

/** The key two words are the same by: as the engine compares them (half-width, lower case). */
export const wordKey = (word: string) => normalizeForMatch(word);

/**
 * The words of a group, from the form's array or from one line such as 「运费、邮费，快递费」: trimmed,
 * half-width, the repeats of a word dropped (the first spelling kept), then checked.
 */
export const wordList = z
  .union([z.string().max(RAW_MAX, '同义词内容过长'), z.array(z.string().max(RAW_MAX, '同义词内容过长')).max(WORDS_MAX * 5, `同义词不能超过${WORDS_MAX}个`)], {
    error: '同义词不能为空',
  })
  .transform((raw) => {
    const words = (Array.isArray(raw) ? raw : raw.split(SEPARATORS)).map((w) => toHalfWidth(w).trim()).filter(Boolean);
    const seen = new Set<string>();
    return words.filter((w) => {
      const key = wordKey(w);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .superRefine((words, ctx) => {
    for (const word of words) {
      if (word.length > WORD_MAX) ctx.addIssue({ code: 'custom', message: `词语'${word}'长度不能超过${WORD_MAX}个字符` });
      else if (!WORD_PATTERN.test(word)) ctx.addIssue({ code: 'custom', message: `词语'${word}'只能包含汉字、字母或数字` });
    }
    if (words.length < 2) ctx.addIssue({ code: 'custom', message: '同义词至少需要两个不同的词' });
    if (words.length > WORDS_MAX) ctx.addIssue({ code: 'custom', message: `同义词不能超过${WORDS_MAX}个` });
  });

export const synonymBody = z.object({
  synonymId: z.number({ error: '同义词编号必须是数字' }).int().positive().optional(),
  /** null or absent: every agent. */
  agentId: z.number({ error: '适用客服编号必须是数字' }).int().positive().nullish(),
  words: wordList,
  status: statusFlag.optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type SynonymBody = z.infer<typeof synonymBody>;

export const synonymStatusBody = z.object({
  synonymId: z.number({ error: '同义词编号不能为空' }).int().positive(),
  status: statusFlag,
});

/** 'global' picks the groups every agent uses; a number one agent's own. */
const agentFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.union([z.literal('global'), z.coerce.number<string>().int().positive()], { error: '适用客服不正确' }).optional(),
);

const filters = {
  word: filterText('词语', WORD_MAX),
  agentId: agentFilter,
  status: filterText('状态', aiSynonym.status),
};
export const synonymListQuery = listQuery.extend(filters);
export const synonymExportQuery = exportQuery.extend(filters);
export type SynonymFilters = z.infer<typeof synonymExportQuery>;
