import { describe, expect, it } from 'vitest';
import { toWireJson } from '../../src/core/time';

describe('toWireJson', () => {
  it('writes dates at any depth as yyyy-MM-dd HH:mm:ss in GMT+8 and leaves everything else to JSON', () => {
    const at = new Date(Date.UTC(2026, 10, 21, 17, 5, 9));
    const out = toWireJson({ a: at, list: [at, null, { b: at, s: '2026-11-21T17:05:09.000Z' }], n: 1, u: undefined });
    expect(JSON.parse(out)).toEqual({
      a: '2026-11-22 01:05:09',
      list: ['2026-11-22 01:05:09', null, { b: '2026-11-22 01:05:09', s: '2026-11-21T17:05:09.000Z' }],
      n: 1,
    });
  });

  it('restores the ISO toJSON afterwards, also when serialisation throws', () => {
    const at = new Date(0);
    toWireJson({ at });
    expect(JSON.stringify(at)).toBe('"1970-01-01T00:00:00.000Z"');
    expect(() => toWireJson({ at, bad: { toJSON: () => { throw new Error('boom'); } } })).toThrow('boom');
    expect(JSON.stringify(at)).toBe('"1970-01-01T00:00:00.000Z"');
  });
});
