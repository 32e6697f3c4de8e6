/** Theme colour shades (spec §4): nine lighter and nine darker steps of the theme colour. */

function parseHex(hex: string): [number, number, number] {
  let value = hex.trim().replace(/^#/, '');
  if (value.length === 3) value = value.split('').map((c) => c + c).join('');
  if (!/^[0-9a-fA-F]{6}$/.test(value)) throw new Error(`不是有效的颜色值: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes `hex` toward white by `level`/10 (level 1..9). */
export function getLightColor(hex: string, level: number): string {
  return toHex(parseHex(hex).map((c) => c + ((255 - c) * level) / 10));
}

/** Mixes `hex` toward black by `level`/10 (level 1..9). */
export function getDarkColor(hex: string, level: number): string {
  return toHex(parseHex(hex).map((c) => (c * (10 - level)) / 10));
}

/** CSS variables for the theme: --app-primary plus --app-primary-light-1..9 and --app-primary-dark-1..9. */
export function themeVariables(hex: string): Record<string, string> {
  const vars: Record<string, string> = { '--app-primary': toHex(parseHex(hex)) };
  for (let level = 1; level <= 9; level += 1) {
    vars[`--app-primary-light-${level}`] = getLightColor(hex, level);
    vars[`--app-primary-dark-${level}`] = getDarkColor(hex, level);
  }
  return vars;
}

export function applyThemeVariables(hex: string, target: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(hex))) target.style.setProperty(name, value);
}
