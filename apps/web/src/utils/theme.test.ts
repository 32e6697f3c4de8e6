import { describe, expect, it } from 'vitest';
import { applyThemeVariables, getDarkColor, getLightColor, themeVariables } from './theme';

describe('theme shades', () => {
  it('mixes toward white and black in tenths', () => {
    expect(getLightColor('#165EFF', 5)).toBe('#8bafff');
    expect(getDarkColor('#165EFF', 5)).toBe('#0b2f80');
    expect(getLightColor('#000', 9)).toBe('#e6e6e6');
    expect(getDarkColor('#ffffff', 1)).toBe('#e6e6e6');
  });

  it('gives nine lighter and nine darker variables plus the primary', () => {
    const vars = themeVariables('#ff4500');
    expect(Object.keys(vars)).toHaveLength(19);
    expect(vars['--app-primary']).toBe('#ff4500');
    expect(vars['--app-primary-light-9']).toBe('#ffece6');
    expect(vars['--app-primary-dark-9']).toBe('#1a0700');
  });

  it('writes the variables on the element', () => {
    const el = document.createElement('div');
    applyThemeVariables('#1e90ff', el);
    expect(el.style.getPropertyValue('--app-primary')).toBe('#1e90ff');
    expect(el.style.getPropertyValue('--app-primary-light-1')).toBe(getLightColor('#1e90ff', 1));
  });

  it('rejects values that are not colours', () => {
    expect(() => themeVariables('red')).toThrow();
  });
});
