import type { MenuEntry } from '../../../layout/Sidebar/menu';

export interface ShortcutGroup {
  title: string;
  items: MenuEntry[];
}

/** The user's own menu pages grouped by their top-level menu; single pages form a group of their own. */
export function shortcutGroups(entries: MenuEntry[]): ShortcutGroup[] {
  const groups: ShortcutGroup[] = [];
  const loose: MenuEntry[] = [];
  const leaves = (entry: MenuEntry): MenuEntry[] => (entry.children ? entry.children.flatMap(leaves) : [entry]);
  for (const entry of entries) {
    if (entry.children) groups.push({ title: entry.title, items: entry.children.flatMap(leaves) });
    else loose.push(entry);
  }
  return loose.length ? [{ title: '常用', items: loose }, ...groups] : groups;
}

export function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 11) return '上午好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}
