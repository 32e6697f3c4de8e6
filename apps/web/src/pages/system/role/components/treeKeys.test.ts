import { describe, expect, it } from 'vitest';
import { allKeys, conduct, parentKeys, submittedKeys } from './treeKeys';

const tree = [
  {
    id: 1,
    label: '系统管理',
    children: [
      { id: 100, label: '用户管理', children: [{ id: 1000, label: '用户查询' }, { id: 1001, label: '用户新增' }] },
      { id: 101, label: '角色管理' },
    ],
  },
  { id: 2, label: '系统监控' },
];

describe('tree keys', () => {
  it('lists all ids and the parents', () => {
    expect(allKeys(tree)).toEqual([1, 100, 1000, 1001, 101, 2]);
    expect(parentKeys(tree)).toEqual([1, 100]);
  });

  it('derives half-checked parents from a checked leaf', () => {
    expect(conduct(tree, [1000])).toEqual({ checked: [1000], halfChecked: [100, 1] });
  });

  it('checks a parent whose children are all checked, and a checked parent checks its subtree', () => {
    expect(conduct(tree, [1000, 1001]).checked).toEqual([1000, 1001, 100]);
    expect(conduct(tree, [1]).checked).toEqual([1000, 1001, 100, 101, 1]);
  });

  it('sends checked plus half-checked when linked, exactly the checked otherwise', () => {
    expect(submittedKeys(tree, [1000], true).sort((a, b) => a - b)).toEqual([1, 100, 1000]);
    expect(submittedKeys(tree, [1000], false)).toEqual([1000]);
  });
});
