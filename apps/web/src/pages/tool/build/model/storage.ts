import { checkDesign } from './parse';
import type { FormDesign } from './design';

export interface SavedDesign {
  name: string;
  savedAt: string;
  design: FormDesign;
}

const KEY = 'acs.formBuilder.designs';
export const MAX_SAVED = 50;

/** The saved designs; anything in storage that is not a valid design (edited by hand, an older format) is skipped. */
export function listSaved(storage: Storage = localStorage): SavedDesign[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MAX_SAVED).flatMap((entry: Partial<SavedDesign>) => {
    const checked = checkDesign(entry?.design);
    if (!checked.ok || typeof entry.name !== 'string' || typeof entry.savedAt !== 'string') return [];
    return [{ name: entry.name.slice(0, 64), savedAt: entry.savedAt, design: checked.design }];
  });
}

function write(list: SavedDesign[], storage: Storage): void {
  storage.setItem(KEY, JSON.stringify(list));
}

/** Saves under the name, replacing a design of the same name; the newest first. Throws when the list is full or storage refuses. */
export function saveDesign(name: string, design: FormDesign, storage: Storage = localStorage): SavedDesign[] {
  const others = listSaved(storage).filter((s) => s.name !== name);
  if (others.length >= MAX_SAVED) throw new Error(`最多保存 ${MAX_SAVED} 个设计，请先删除不用的`);
  const list = [{ name, savedAt: new Date().toISOString(), design }, ...others];
  write(list, storage);
  return list;
}

export function deleteSaved(name: string, storage: Storage = localStorage): SavedDesign[] {
  const list = listSaved(storage).filter((s) => s.name !== name);
  write(list, storage);
  return list;
}
