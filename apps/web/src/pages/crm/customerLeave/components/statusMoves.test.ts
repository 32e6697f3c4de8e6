import { describe, expect, it } from 'vitest';
import { followupResultOptions, statusMoves } from './statusMoves';

const values = (options: { value: string }[]) => options.map((o) => o.value);
const enabled = (options: { value: string; disabled: boolean }[]) => options.filter((o) => !o.disabled).map((o) => o.value);

describe('lead status moves by hand', () => {
  it('follows the rule table, leaving out staying put and owner changes', () => {
    expect(values(statusMoves('new'))).toEqual(['invalid']);
    expect(values(statusMoves('assigned'))).toEqual(['new', 'contacted', 'converted', 'invalid']);
    expect(values(statusMoves('contacted'))).toEqual(['new', 'converted', 'invalid']);
    expect(values(statusMoves('invalid'))).toEqual(['new']);
    expect(statusMoves('converted')).toEqual([]);
    expect(statusMoves('duplicate')).toEqual([]);
  });

  it('offers the follow-up results whose move the table allows', () => {
    expect(enabled(followupResultOptions('assigned'))).toEqual(['contacted', 'no_answer', 'interested', 'converted', 'invalid']);
    expect(enabled(followupResultOptions('new'))).toEqual(['no_answer', 'invalid']);
    expect(enabled(followupResultOptions('converted'))).toEqual([]);
    expect(enabled(followupResultOptions('invalid'))).toEqual([]);
  });
});
