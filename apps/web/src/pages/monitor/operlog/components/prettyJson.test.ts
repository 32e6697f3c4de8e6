import { describe, expect, it } from 'vitest';
import { prettyJson } from './prettyJson';

describe('prettyJson', () => {
  it('indents an object or array', () => {
    expect(prettyJson('{"code":200,"msg":"操作成功","data":[1,2]}')).toBe('{\n  "code": 200,\n  "msg": "操作成功",\n  "data": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson('[{"a":"x"}]')).toBe('[\n  {\n    "a": "x"\n  }\n]');
  });

  it('indents a body and its path parameters joined by a space, braces inside strings included', () => {
    expect(prettyJson('{"remark":"a } { b \\" c"} {"postIds":"1,2"}')).toBe('{\n  "remark": "a } { b \\" c"\n}\n{\n  "postIds": "1,2"\n}');
  });

  it('leaves plain text, scalars and JSON cut off at the column length as stored', () => {
    expect(prettyJson('not json')).toBe('not json');
    expect(prettyJson('"a string"')).toBe('"a string"');
    expect(prettyJson('42')).toBe('42');
    expect(prettyJson('{"a":"cut off')).toBe('{"a":"cut off');
    expect(prettyJson('{"a":1} trailing')).toBe('{"a":1} trailing');
    expect(prettyJson('{"a":1}}')).toBe('{"a":1}}');
  });

  it('gives an empty text for nothing', () => {
    expect(prettyJson('')).toBe('');
    expect(prettyJson('   ')).toBe('');
    expect(prettyJson(null)).toBe('');
  });
});
