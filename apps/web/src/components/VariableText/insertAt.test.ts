import { describe, expect, it } from 'vitest';
import { insertAt } from './insertAt';

describe('insertAt', () => {
  it('puts the text at the cursor and the cursor after it', () => {
    expect(insertAt('您好，欢迎', '{{agent_name}}', 3)).toEqual({ text: '您好，{{agent_name}}欢迎', cursor: 17 });
  });

  it('replaces a selection', () => {
    expect(insertAt('您好，XX欢迎', '{{a}}', 3, 5)).toEqual({ text: '您好，{{a}}欢迎', cursor: 8 });
  });

  it('clamps positions outside the text to its ends', () => {
    expect(insertAt('ab', '{{k}}', 10)).toEqual({ text: 'ab{{k}}', cursor: 7 });
    expect(insertAt('ab', '{{k}}', -3)).toEqual({ text: '{{k}}ab', cursor: 5 });
  });
});
