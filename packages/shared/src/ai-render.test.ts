import { describe, expect, it } from 'vitest';
import { renderTemplate, templateKeys } from './ai-render';

describe('renderTemplate', () => {
  it('replaces keys, with or without spaces inside the braces', () => {
    expect(renderTemplate('您好，我是{{agent_name}}，{{ shop.name }}欢迎您', { agent_name: '小美', 'shop.name': '星光家居' })).toEqual({
      text: '您好，我是小美，星光家居欢迎您',
      missing: [],
    });
  });

  it('uses the fallback of a key without a value, else leaves it empty and lists it once', () => {
    const result = renderTemplate('{{a}}-{{b}}-{{c}}-{{c}}', { a: '', b: undefined }, { a: '甲' });
    expect(result).toEqual({ text: '甲---', missing: ['b', 'c'] });
  });

  it('fills every occurrence of a repeated key', () => {
    expect(renderTemplate('{{x}}和{{ x }}', { x: '1' }).text).toBe('1和1');
  });

  it('never renders inside inserted values', () => {
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toEqual({ text: '{{b}}', missing: [] });
  });

  it('leaves text that is not a key untouched', () => {
    const text = '{{ }} {{1abc}} {x} {{a b}} 价格{{';
    expect(renderTemplate(text, {})).toEqual({ text, missing: [] });
  });

  it('does not take inherited object properties as values', () => {
    expect(renderTemplate('[{{constructor}}]', {})).toEqual({ text: '[]', missing: ['constructor'] });
  });
});

describe('templateKeys', () => {
  it('lists distinct keys in order of first use', () => {
    expect(templateKeys('{{b}} {{ a }} {{b}} {{c.d}} {{ 9x }}')).toEqual(['b', 'a', 'c.d']);
  });
});
