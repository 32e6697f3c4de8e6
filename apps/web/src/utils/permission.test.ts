import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../stores/user';
import { checkPermi, checkRole, hasRoles, permitted, PERMI_EMPTY_ERROR, ROLE_EMPTY_ERROR } from './permission';

describe('permitted', () => {
  it('lets *:*:* through for anything, in both modes', () => {
    expect(permitted(['*:*:*'], ['system:user:add'])).toBe(true);
    expect(permitted(['*:*:*'], ['a:b:c', 'd:e:f'], 'all')).toBe(true);
  });

  it('matches exact strings only', () => {
    expect(permitted(['system:user:add'], ['system:user:add'])).toBe(true);
    expect(permitted(['system:user:add'], ['system:user:*'])).toBe(false);
    expect(permitted(['system:user:list'], ['system:user:add'])).toBe(false);
  });

  it('any-of needs one, all-of needs every one', () => {
    const held = ['system:user:add', 'system:user:edit'];
    expect(permitted(held, ['system:user:remove', 'system:user:edit'], 'any')).toBe(true);
    expect(permitted(held, ['system:user:remove', 'system:user:edit'], 'all')).toBe(false);
    expect(permitted(held, ['system:user:add', 'system:user:edit'], 'all')).toBe(true);
  });

  it('refuses an empty list with the spec message', () => {
    expect(() => permitted(['*:*:*'], [])).toThrow(PERMI_EMPTY_ERROR);
    expect(PERMI_EMPTY_ERROR).toBe('请设置操作权限标签值');
  });
});

describe('hasRoles', () => {
  it('lets admin through and matches other roles exactly', () => {
    expect(hasRoles(['admin'], ['common'])).toBe(true);
    expect(hasRoles(['admin'], ['x', 'y'], 'all')).toBe(true);
    expect(hasRoles(['common'], ['common'])).toBe(true);
    expect(hasRoles(['common'], ['admin'])).toBe(false);
    expect(hasRoles(['common', 'ops'], ['common', 'ops'], 'all')).toBe(true);
    expect(hasRoles(['common'], ['common', 'ops'], 'all')).toBe(false);
  });

  it('refuses an empty list with the spec message', () => {
    expect(() => hasRoles(['admin'], [])).toThrow(ROLE_EMPTY_ERROR);
    expect(ROLE_EMPTY_ERROR).toBe('请设置角色权限标签值');
  });
});

describe('checkPermi / checkRole read the signed-in user', () => {
  beforeEach(() => useUserStore.setState({ permissions: ['system:user:list'], roles: ['common'] }));

  it('uses the store grants', () => {
    expect(checkPermi(['system:user:list', 'system:user:add'])).toBe(true);
    expect(checkPermi(['system:user:add'])).toBe(false);
    expect(checkRole(['common'])).toBe(true);
    expect(checkRole(['admin'])).toBe(false);
  });
});
