import { describe, expect, it } from 'vitest';
import { createItem, emptyDesign, type FormDesign } from './design';
import { LIMITS, parseDesign, serializeDesign } from './parse';
import { deleteSaved, listSaved, saveDesign } from './storage';

function sample(): FormDesign {
  const design = emptyDesign();
  const input = createItem('input', design);
  const withInput = { ...design, items: [input] };
  return { ...withInput, items: [...withInput.items, createItem('checkbox', withInput), createItem('row', withInput), createItem('divider', withInput)] };
}

const refusal = (value: unknown) => {
  const result = parseDesign(typeof value === 'string' ? value : JSON.stringify(value));
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error;
};

describe('design JSON', () => {
  it('reads back what it writes', () => {
    const design = sample();
    expect(parseDesign(serializeDesign(design))).toEqual({ ok: true, design });
  });

  it('refuses what is not a design, with the reason in Chinese', () => {
    expect(refusal('{oops')).toBe('导入失败：不是有效的 JSON');
    expect(refusal([1, 2])).toBe('导入失败：内容不是表单设计');
    expect(refusal({ ...sample(), version: 2 })).toBe('导入失败：不支持的设计文件版本');
  });

  it('refuses unknown component types, also inside a row', () => {
    const design = sample();
    expect(refusal({ ...design, items: [{ ...design.items[0], kind: 'script' }] })).toBe('导入失败：不支持的组件类型：script');
    const row = { id: 'r1', kind: 'row', gutter: 0, children: [{ ...design.items[0], kind: 'iframe' }] };
    expect(refusal({ ...design, items: [row] })).toBe('导入失败：不支持的组件类型：iframe');
  });

  it('refuses field names that are not identifiers, duplicates and invalid patterns, naming the component', () => {
    const design = sample();
    const [input, checkbox] = design.items;
    expect(refusal({ ...design, items: [{ ...input, field: 'a-b; alert(1)' }] })).toBe('导入失败：第 1 个组件：字段名须以字母、下划线或 $ 开头，只含字母、数字、下划线或 $');
    expect(refusal({ ...design, items: [input, { ...checkbox, field: input.kind === 'input' ? input.field : '' }] })).toBe(`导入失败：字段名重复：field1`);
    expect(refusal({ ...design, items: [input, { ...checkbox, id: input.id }] })).toBe(`导入失败：组件编号重复：${input.id}`);
    expect(refusal({ ...design, items: [{ ...input, pattern: '([a-' }] })).toBe('导入失败：第 1 个组件：正则表达式无效');
    expect(refusal({ ...design, items: [{ ...checkbox, defaultValue: 'x' }] })).toBe('导入失败：第 1 个组件：多选框组的默认值类型不符');
  });

  it('refuses files over the size limit and nesting over the depth limit before validating them', () => {
    expect(refusal(' '.repeat(LIMITS.bytes + 1))).toBe(`导入失败：文件不能超过 ${LIMITS.bytes / 1024} KB`);
    let deep: unknown = 'x';
    for (let i = 0; i < 20; i += 1) deep = { a: deep };
    expect(refusal({ ...sample(), extra: deep })).toBe(`导入失败：嵌套层级不能超过 ${LIMITS.depth} 层`);
    const tooMany = Array.from({ length: LIMITS.items + 1 }, (_, i) => ({ id: `d${i}`, kind: 'divider', label: '' }));
    expect(refusal({ ...sample(), items: tooMany })).toBe(`导入失败：组件不能超过 ${LIMITS.items} 个`);
  });
});

describe('saved designs', () => {
  it('keeps named designs newest first, replaces by name, deletes, and skips entries that are not designs', () => {
    localStorage.clear();
    const design = sample();
    saveDesign('一', design);
    saveDesign('二', emptyDesign());
    expect(saveDesign('一', design).map((s) => s.name)).toEqual(['一', '二']);
    expect(listSaved()[0].design).toEqual(design);
    expect(deleteSaved('一').map((s) => s.name)).toEqual(['二']);
    localStorage.setItem('acs.formBuilder.designs', JSON.stringify([{ name: '坏', savedAt: 'x', design: { items: 'no' } }, ...listSaved()]));
    expect(listSaved().map((s) => s.name)).toEqual(['二']);
  });
});
