import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../../layout/Sidebar/menu';
import { greeting, shortcutGroups } from './shortcuts';

const item = (key: string, title: string, children?: MenuEntry[]): MenuEntry => ({ key, title, external: key.startsWith('http'), search: '', children });

describe('shortcutGroups', () => {
  it('groups leaf pages under their top menu, flattening nested menus, with single pages first', () => {
    const groups = shortcutGroups([
      item('/system', '系统管理', [item('/system/user', '用户管理'), item('/system/log', '日志管理', [item('/system/log/operlog', '操作日志')])]),
      item('/customer', '客户管理'),
      item('https://help.example.com', '帮助中心'),
    ]);
    expect(groups.map((g) => g.title)).toEqual(['常用', '系统管理']);
    expect(groups[0].items.map((i) => i.key)).toEqual(['/customer', 'https://help.example.com']);
    expect(groups[1].items.map((i) => i.key)).toEqual(['/system/user', '/system/log/operlog']);
  });

  it('is empty for a user without menus', () => {
    expect(shortcutGroups([])).toEqual([]);
  });
});

describe('greeting', () => {
  it('follows the time of day', () => {
    expect(greeting(8)).toBe('上午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(21)).toBe('晚上好');
  });
});
