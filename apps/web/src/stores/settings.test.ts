import { SETTINGS_STORAGE_KEY } from '@acs/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, readStoredSettings, useSettingsStore } from './settings';

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState({ ...DEFAULT_LAYOUT_SETTINGS, showSettings: false });
  });

  it('has the product defaults', () => {
    expect(readStoredSettings()).toEqual({
      theme: '#165EFF', sideTheme: 'theme-light', topNav: false, tagsView: true, fixedHeader: false, sidebarLogo: true, dynamicTitle: true,
    });
  });

  it('applies changes live but stores only on save, exactly the seven settings', () => {
    useSettingsStore.getState().set({ theme: '#ff4500', sideTheme: 'theme-dark', tagsView: false, showSettings: true });
    expect(useSettingsStore.getState().theme).toBe('#ff4500');
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    useSettingsStore.getState().save();
    const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(saved).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, theme: '#ff4500', sideTheme: 'theme-dark', tagsView: false });
    expect(readStoredSettings().sideTheme).toBe('theme-dark');
  });

  it('reset removes the stored settings so a reload starts from the defaults', () => {
    useSettingsStore.getState().set({ topNav: true });
    useSettingsStore.getState().save();
    useSettingsStore.getState().reset();
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    expect(readStoredSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('ignores broken or wrongly typed stored values', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(readStoredSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ topNav: 'yes', sideTheme: 'purple', fixedHeader: true }));
    expect(readStoredSettings()).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, fixedHeader: true });
  });
});
