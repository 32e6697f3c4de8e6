import { useEffect, useMemo } from 'react';
import { useDictStore, type DictOption } from '../stores/dict';

export type { DictOption };

const EMPTY: DictOption[] = [];

/** Entries per dictionary type; an empty list until loaded (or when the lookup failed). */
export function useDict(...types: string[]): Record<string, DictOption[]> {
  const key = types.join(',');
  const dicts = useDictStore((s) => s.dicts);
  const loadDict = useDictStore((s) => s.loadDict);

  useEffect(() => {
    for (const type of key.split(',')) if (type) void loadDict(type);
  }, [key, loadDict]);

  return useMemo(
    () => Object.fromEntries(key.split(',').filter(Boolean).map((t) => [t, dicts[t] ?? EMPTY])),
    [key, dicts],
  );
}
