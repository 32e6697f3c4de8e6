import { describe, expect, it } from 'vitest';
import { cosineScores, normalize } from '../../../src/modules/ai/embedding/cosine';

const unit = (...v: number[]) => normalize(v) as Float32Array;

describe('normalize', () => {
  it('scales to unit length and refuses vectors that point nowhere', () => {
    expect([...unit(3, 4)]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(normalize([0, 0, 0])).toBeNull();
    expect(normalize([Number.POSITIVE_INFINITY, 1])).toBeNull();
  });
});

describe('cosineScores', () => {
  it('keeps the best phrasing of each entry', () => {
    const scores = cosineScores(
      [
        { knowledgeId: 1, vector: unit(1, 0, 0) },
        { knowledgeId: 1, vector: unit(1, 1, 0) },
        { knowledgeId: 2, vector: unit(0, 1, 0) },
      ],
      unit(1, 0.2, 0),
    );
    expect(scores.get(1)).toBeCloseTo(1 / Math.hypot(1, 0.2), 5);
    expect(scores.get(2)).toBeCloseTo(0.2 / Math.hypot(1, 0.2), 5);
  });

  it('clamps opposite directions to 0 and skips vectors of another width', () => {
    const scores = cosineScores(
      [
        { knowledgeId: 1, vector: unit(-1, 0) },
        { knowledgeId: 2, vector: unit(1, 0, 0) },
      ],
      unit(1, 0),
    );
    expect(scores.get(1)).toBe(0);
    expect(scores.has(2)).toBe(false);
  });

  it('scores the same text 1', () => {
    const v = unit(0.3, -0.5, 0.8);
    expect(cosineScores([{ knowledgeId: 7, vector: v }], v).get(7)).toBeCloseTo(1, 5);
  });
});

describe('cosineScores on widths that are not a multiple of four', () => {
  it('counts every dimension', () => {
    const a = unit(1, 2, 3, 4, 5);
    const b = unit(5, 4, 3, 2, 1);
    const expected = (5 + 8 + 9 + 8 + 5) / (Math.hypot(1, 2, 3, 4, 5) * Math.hypot(5, 4, 3, 2, 1));
    expect(cosineScores([{ knowledgeId: 1, vector: a }], b).get(1)).toBeCloseTo(expected, 5);
  });
});
