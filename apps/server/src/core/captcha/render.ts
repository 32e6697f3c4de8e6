import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font';
import { createBitmap, encodePng, setPixel, type Bitmap, type Rgb } from './png';

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 60;

/** Uniform source in [0, 1); injectable so tests can render deterministically. */
export type Random = () => number;

const SCALE_X = 3;
const SCALE_Y = 5;
const GLYPH_GAP = 6;
const BACKGROUND: Rgb = [244, 247, 252];

const between = (rng: Random, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const darkColor = (rng: Random): Rgb => [between(rng, 10, 90), between(rng, 20, 100), between(rng, 60, 160)];
const lightColor = (rng: Random): Rgb => [between(rng, 150, 215), between(rng, 150, 215), between(rng, 150, 215)];

function drawLine(bmp: Bitmap, x0: number, y0: number, x1: number, y1: number, color: Rgb): void {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
  for (let i = 0; i <= steps; i++) {
    setPixel(bmp, x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, color);
  }
}

/** Each glyph gets its own colour, a vertical jitter and a slant so the text is not a fixed template. */
function drawGlyph(bmp: Bitmap, char: string, left: number, top: number, rng: Random): void {
  const rows = glyph(char);
  const color = darkColor(rng);
  const slant = (rng() - 0.5) * 1.2;
  rows.forEach((row, r) => {
    const shift = Math.round((GLYPH_HEIGHT / 2 - r) * slant);
    for (let c = 0; c < GLYPH_WIDTH; c++) {
      if (row[c] !== '#') continue;
      for (let dy = 0; dy < SCALE_Y; dy++) {
        for (let dx = 0; dx < SCALE_X; dx++) {
          setPixel(bmp, left + shift + c * SCALE_X + dx, top + r * SCALE_Y + dy, color);
        }
      }
    }
  });
}

/** Renders captcha text as a 160×60 PNG with faint noise lines and dots behind the glyphs. */
export function renderCaptcha(text: string, rng: Random = Math.random): Buffer {
  const bmp = createBitmap(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, BACKGROUND);
  for (let i = 0; i < 5; i++) {
    drawLine(bmp, between(rng, 0, CAPTCHA_WIDTH), between(rng, 0, CAPTCHA_HEIGHT), between(rng, 0, CAPTCHA_WIDTH), between(rng, 0, CAPTCHA_HEIGHT), lightColor(rng));
  }
  for (let i = 0; i < 150; i++) {
    setPixel(bmp, between(rng, 0, CAPTCHA_WIDTH - 1), between(rng, 0, CAPTCHA_HEIGHT - 1), lightColor(rng));
  }
  const chars = [...text];
  const advance = GLYPH_WIDTH * SCALE_X + GLYPH_GAP;
  const textWidth = chars.length * advance - GLYPH_GAP;
  const baseTop = Math.floor((CAPTCHA_HEIGHT - GLYPH_HEIGHT * SCALE_Y) / 2);
  let left = Math.floor((CAPTCHA_WIDTH - textWidth) / 2);
  for (const char of chars) {
    drawGlyph(bmp, char, left + between(rng, -2, 2), baseTop + between(rng, -5, 5), rng);
    left += advance;
  }
  for (let i = 0; i < 2; i++) {
    drawLine(bmp, 0, between(rng, 10, CAPTCHA_HEIGHT - 10), CAPTCHA_WIDTH, between(rng, 10, CAPTCHA_HEIGHT - 10), lightColor(rng));
  }
  return encodePng(bmp);
}
