import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createChallenge } from '../../src/core/captcha/challenge';
import { crc32, PNG_SIGNATURE } from '../../src/core/captcha/png';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, renderCaptcha, type Random } from '../../src/core/captcha/render';

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let at = PNG_SIGNATURE.length;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('ascii'),
      data: typeAndData.subarray(4),
      crcOk: png.readUInt32BE(at + 8 + length) === crc32(typeAndData),
    });
    at += 12 + length;
  }
  return chunks;
}

/** Deterministic generator so two renders differ only by their text. */
function seeded(seed: number): Random {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const scanlines = (png: Buffer) => inflateSync(Buffer.concat(readChunks(png).filter((c) => c.type === 'IDAT').map((c) => c.data)));

describe('captcha image', () => {
  it('is a valid 160×60 truecolour PNG', () => {
    const png = renderCaptcha('7×3=?');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const chunks = readChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const ihdr = chunks[0].data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT, 8, 2]);
    expect(scanlines(png).length).toBe((CAPTCHA_WIDTH * 3 + 1) * CAPTCHA_HEIGHT);
  });

  it('draws the text: same noise with another answer gives other pixels', () => {
    const a = scanlines(renderCaptcha('7×3=?', seeded(42)));
    const sameAgain = scanlines(renderCaptcha('7×3=?', seeded(42)));
    const b = scanlines(renderCaptcha('7×4=?', seeded(42)));
    expect(a.equals(sameAgain)).toBe(true);
    expect(a.equals(b)).toBe(false);
  });

  it('refuses characters it has no glyph for', () => {
    expect(() => renderCaptcha('a')).toThrow(/glyph/);
  });
});

describe('arithmetic challenge', () => {
  const evaluate = (text: string) => {
    const m = /^(\d+)([+−×÷])(\d+)=\?$/.exec(text);
    expect(m, text).not.toBeNull();
    const [a, op, b] = [Number(m![1]), m![2], Number(m![3])];
    return { a, b, value: op === '+' ? a + b : op === '−' ? a - b : op === '×' ? a * b : a / b };
  };

  it('asks questions with operands 0–10 whose answer is a non-negative whole number', () => {
    for (let i = 0; i < 2000; i++) {
      const { text, answer } = createChallenge();
      const { a, b, value } = evaluate(text);
      expect(a).toBeLessThanOrEqual(10);
      expect(b).toBeLessThanOrEqual(10);
      expect(Number.isInteger(value) && value >= 0).toBe(true);
      expect(answer).toBe(String(value));
    }
  });

  it('uses all four operators', () => {
    const ops = new Set(Array.from({ length: 400 }, () => createChallenge().text.replace(/[\d=?]/g, '')));
    expect([...ops].sort()).toEqual(['+', '×', '÷', '−'].sort());
  });
});
