import { create } from 'zustand';
import { getDicts } from '../api/system/dict/data';

export interface DictOption {
  label: string;
  value: string;
  elTagType?: string;
  elTagClass?: string;
}

interface DictState {
  /** Loaded dictionaries by type (in memory only, like the reference). */
  dicts: Record<string, DictOption[]>;
  /** Cached entries of a type, or null when not loaded. */
  getDict(type: string): DictOption[] | null;
  /** Cached or fetched entries; a failed lookup yields an empty list. */
  loadDict(type: string): Promise<DictOption[]>;
  removeDict(type: string): void;
  cleanDict(): void;
}

const inFlight = new Map<string, Promise<DictOption[]>>();

async function fetchDict(type: string): Promise<DictOption[] | null> {
  try {
    const res = await getDicts(type);
    return (res.data ?? []).map((d) => ({
      label: d.dictLabel,
      value: d.dictValue,
      elTagType: d.listClass ?? undefined,
      elTagClass: d.cssClass ?? undefined,
    }));
  } catch (error) {
    console.error(`字典 ${type} 加载失败`, error);
    return null;
  }
}

export const useDictStore = create<DictState>()((set, get) => ({
  dicts: {},

  getDict: (type) => get().dicts[type] ?? null,

  loadDict(type) {
    const cached = get().dicts[type];
    if (cached) return Promise.resolve(cached);
    let pending = inFlight.get(type);
    if (!pending) {
      pending = fetchDict(type).then((options) => {
        inFlight.delete(type);
        // A failure is not cached, so the next lookup tries again.
        if (!options) return [];
        set((s) => ({ dicts: { ...s.dicts, [type]: options } }));
        return options;
      });
      inFlight.set(type, pending);
    }
    return pending;
  },

  removeDict: (type) =>
    set((s) => {
      const { [type]: _removed, ...rest } = s.dicts;
      return { dicts: rest };
    }),

  cleanDict: () => set({ dicts: {} }),
}));
