import { describe, expect, it } from 'vitest';
import { allocate, excluding, offDutyReason, pickMember, released, type AllocationState, type Candidate } from '../../../src/modules/crm/distribution/allocate';
import { MINUTE, MONDAY_10AM } from './support';

const member = (userId: number, values: Partial<Candidate> = {}): Candidate => ({
  userId,
  nickName: `成员${userId}`,
  weight: 1,
  dailyCap: 0,
  today: 0,
  open: 0,
  skipped: null,
  ...values,
});

const state = (method: AllocationState['method'], members: Candidate[], lastUserId: number | null = null): AllocationState => ({ method, members, lastUserId });

/** A repeatable pseudo-random sequence (a failure can be replayed). */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

describe('allocation', () => {
  it('weighted keeps every member within one lead of the exact share after every lead, whatever the weights', () => {
    const next = random(7);
    let worst = 0;
    for (let trial = 0; trial < 200; trial++) {
      const members = Array.from({ length: 2 + Math.floor(next() * 7) }, (_, i) => member(i + 1, { weight: 1 + Math.floor(next() * 100) }));
      const sum = members.reduce((n, m) => n + m.weight, 0);
      let current = state('weighted', members);
      for (let total = 1; total <= 300; total++) {
        const picked = pickMember(current);
        if (!picked) throw new Error('nobody picked');
        current = { ...current, members: current.members.map((m) => (m.userId === picked.userId ? { ...m, today: m.today + 1 } : m)) };
        for (const m of current.members) worst = Math.max(worst, Math.abs(m.today - (m.weight * total) / sum));
      }
    }
    expect(worst).toBeLessThan(1);
  });

  it('round robin starts after the last member served and skips the unavailable', () => {
    const members = [member(1), member(2, { skipped: '不在工作时间' }), member(3), member(4, { dailyCap: 2, today: 2 })];
    expect(pickMember(state('round_robin', members, 1))?.userId).toBe(3);
    expect(pickMember(state('round_robin', members, 3))?.userId).toBe(1);
    // A last member who left the rule: start from the top.
    expect(pickMember(state('round_robin', members, 99))?.userId).toBe(1);
    expect(allocate(state('round_robin', members, 3), 5).gets).toEqual(new Map([[1, 3], [2, 0], [3, 2], [4, 0]]));
  });

  it('least loaded picks the fewest open leads, then the fewest today, then the member order', () => {
    expect(pickMember(state('least_loaded', [member(1, { open: 3 }), member(2, { open: 1, today: 5 }), member(3, { open: 1, today: 2 })]))?.userId).toBe(3);
    expect(pickMember(state('least_loaded', [member(1, { open: 1 }), member(2, { open: 1 })]))?.userId).toBe(1);
  });

  it('stops at the caps and reports what is left for the pool', () => {
    const result = allocate(state('weighted', [member(1, { weight: 9, dailyCap: 3, today: 1 }), member(2, { dailyCap: 4 })]), 10);
    expect(result).toEqual({ gets: new Map([[1, 2], [2, 4]]), unassigned: 4 });
  });

  it('a reclaimed lead never goes back to the owner who let it lapse', () => {
    const s = state('least_loaded', [member(1, { open: 1 }), member(2, { open: 5 })]);
    expect(pickMember(excluding(s, 1))?.userId).toBe(2);
    // Once the lead is gone the former owner is the least loaded again, for the next lead.
    expect(released(s, 1).members[0].open).toBe(0);
    expect(pickMember(excluding(state('round_robin', [member(1)]), 1))).toBeNull();
  });

  it('working hours are China time, end exclusive; holidays are China dates', () => {
    const shift = { workHours: [{ day: 1, start: '09:30', end: '10:00' }], holidays: [] };
    expect(offDutyReason(shift, MONDAY_10AM - MINUTE)).toBeNull();
    expect(offDutyReason(shift, MONDAY_10AM)).toBe('不在工作时间');
    // 23:30 UTC on Sunday is 07:30 on Monday in China.
    expect(offDutyReason({ workHours: [{ day: 1, start: '07:00', end: '08:00' }], holidays: [] }, Date.UTC(2026, 2, 1, 23, 30))).toBeNull();
    expect(offDutyReason({ workHours: [], holidays: ['2026-03-02'] }, Date.UTC(2026, 2, 1, 16, 0))).toBe('休息日');
    expect(offDutyReason({ workHours: [], holidays: ['2026-03-02'] }, Date.UTC(2026, 2, 1, 15, 59))).toBeNull();
  });
});
