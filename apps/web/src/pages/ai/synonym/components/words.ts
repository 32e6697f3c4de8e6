/** What a typed or pasted line separates words with (the server splits one-line input the same way). */
export const WORD_SEPARATORS = ['、', '，', ',', '|', ' '];

const WORD_MAX = 20;
const WORDS_MAX = 20;
const WORD_PATTERN = /^[\p{L}\p{N}]+$/u;

/** Whether one word can be stored: letters (Chinese included) and digits, at most WORD_MAX of them. */
export const validWord = (word: string) => word.length <= WORD_MAX && WORD_PATTERN.test(word);

/** The first problem of a group's words, in the server's words, or undefined when it can be saved. */
export function wordsProblem(words: readonly string[] | undefined): string | undefined {
  const list = words ?? [];
  for (const word of list) {
    if (word.length > WORD_MAX) return `词语'${word}'长度不能超过${WORD_MAX}个字符`;
    if (!WORD_PATTERN.test(word)) return `词语'${word}'只能包含汉字、字母或数字`;
  }
  if (new Set(list.map((w) => w.toLowerCase())).size < 2) return '同义词至少需要两个不同的词';
  if (list.length > WORDS_MAX) return `同义词不能超过${WORDS_MAX}个`;
  return undefined;
}
