import { DEFAULT_THEME, PRODUCT_TITLE, SETTINGS_STORAGE_KEY } from '@acs/shared';
import { create } from 'zustand';

export type SideTheme = 'theme-dark' | 'theme-light';

/** The seven layout settings 保存配置 writes to localStorage. */
export interface LayoutSettings {
  theme: string;
  sideTheme: SideTheme;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  theme: DEFAULT_THEME,
  sideTheme: 'theme-light',
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: true,
};

const PERSISTED_KEYS = Object.keys(DEFAULT_LAYOUT_SETTINGS) as (keyof LayoutSettings)[];

interface SettingsState extends LayoutSettings {
  title: string;
  /** Whether the settings drawer is open (spec: the panel is hidden by default). */
  showSettings: boolean;
  /** Applies immediately; nothing is stored until save(). */
  set(partial: Partial<LayoutSettings & { showSettings: boolean }>): void;
  save(): void;
  /** Forgets the stored settings; the caller reloads the page. */
  reset(): void;
}

/** Stored values of the right type override the defaults; anything else in storage is ignored. */
export function readStoredSettings(): LayoutSettings {
  const result = { ...DEFAULT_LAYOUT_SETTINGS };
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? 'null');
  } catch {
    return result;
  }
  if (!stored || typeof stored !== 'object') return result;
  const record = stored as Record<string, unknown>;
  for (const key of PERSISTED_KEYS) {
    if (typeof record[key] === typeof DEFAULT_LAYOUT_SETTINGS[key]) {
      (result as Record<string, unknown>)[key] = record[key];
    }
  }
  if (result.sideTheme !== 'theme-dark' && result.sideTheme !== 'theme-light') result.sideTheme = DEFAULT_LAYOUT_SETTINGS.sideTheme;
  return result;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  title: PRODUCT_TITLE,
  showSettings: false,
  ...readStoredSettings(),
  set(partial) {
    set(partial);
  },
  save() {
    const state = get();
    const saved = Object.fromEntries(PERSISTED_KEYS.map((key) => [key, state[key]]));
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(saved));
  },
  reset() {
    localStorage.removeItem(SETTINGS_STORAGE_KEY);
  },
}));
