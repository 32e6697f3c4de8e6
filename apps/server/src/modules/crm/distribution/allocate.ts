import { DISTRIBUTION_METHOD_LABELS, type DistributionMethod, type WorkPeriod } from '@acs/shared';
import { chinaClock } from '../../ai/engine/china-time';
import { minutesOf } from './schema';

/**
 * The allocation itself, free of I/O: the engine runs it for one lead under the rule's lock, the
 * simulator for N leads on the same numbers, so what the simulator shows is what the engine does.
 */

/** A member as the allocation sees it at one moment. */
export interface Candidate {
  userId: number;
  nickName: string;
  weight: number;
  /** 0: no cap. */
  dailyCap: number;
  /** Leads this rule gave the member since the start of the China day. */
  today: number;
  /** Leads the member owns that are assigned or contacted (least_loaded only; 0 otherwise). */
  open: number;
  /** Why the member takes no lead now, the daily cap aside (which the allocation itself watches). */
  skipped: string | null;
}

export interface AllocationState {
  method: DistributionMethod;
  /** In the rule's member order. */
  members: Candidate[];
  /** Who got this rule's last lead: round robin goes on after them. */
  lastUserId: number | null;
}

export const CAP_REACHED = '已达今日上限';

const underCap = (m: Candidate) => m.dailyCap === 0 || m.today < m.dailyCap;

/** Why a member is not working at `now` (China time), or null when they are. */
export function offDutyReason(member: { workHours: WorkPeriod[]; holidays: string[] }, now: number): string | null {
  const clock = chinaClock(now);
  const date = `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
  if (member.holidays.includes(date)) return '休息日';
  if (member.workHours.length === 0) return null;
  const minute = clock.hour * 60 + clock.minute;
  const working = member.workHours.some((p) => p.day === clock.weekday && minutesOf(p.start) <= minute && minute < minutesOf(p.end));
  return working ? null : '不在工作时间';
}

/** The first of `list` by `better` (a stable arg-min: ties go to the earlier member). */
function best(list: Candidate[], better: (a: Candidate, b: Candidate) => boolean): Candidate {
  return list.reduce((kept, m) => (better(m, kept) ? m : kept));
}

/**
 * Who gets the next lead, or null when nobody may. Round robin: the first eligible member after the
 * last one served, in member order. Weighted: Balinski and Young's quota method over today's leads —
 * among the members still below their exact share of (today's total + 1), the one with the largest
 * weight / (today + 1) — which keeps every member's count within one lead of weight × total / Σweights
 * after every lead, not only at the end (integers only, no rounding drift). Least loaded: fewest open
 * leads, then fewest today.
 */
export function pickMember(state: AllocationState): Candidate | null {
  const eligible = state.members.filter((m) => m.skipped === null && underCap(m));
  if (eligible.length === 0) return null;
  switch (state.method) {
    case 'round_robin': {
      const last = state.members.findIndex((m) => m.userId === state.lastUserId);
      return eligible.find((m) => state.members.indexOf(m) > last) ?? eligible[0];
    }
    case 'weighted': {
      const total = eligible.reduce((n, m) => n + m.today, 0) + 1;
      const weights = eligible.reduce((n, m) => n + m.weight, 0);
      // Upper quota: nobody passes their exact share of total; someone is always below it.
      const belowShare = eligible.filter((m) => m.today * weights < m.weight * total);
      return best(belowShare, (a, b) => a.weight * (b.today + 1) > b.weight * (a.today + 1));
    }
    case 'least_loaded':
      return best(eligible, (a, b) => a.open < b.open || (a.open === b.open && a.today < b.today));
  }
}

/** The state after `picked` got a lead. */
export function afterPick(state: AllocationState, picked: Candidate): AllocationState {
  return { ...updateMember(state, picked.userId, (m) => ({ ...m, today: m.today + 1, open: m.open + 1 })), lastUserId: picked.userId };
}

const updateMember = (state: AllocationState, userId: number, change: (m: Candidate) => Candidate): AllocationState => ({
  ...state,
  members: state.members.map((m) => (m.userId === userId ? change(m) : m)),
});

/** The state once `ownerId` lost one of their open leads (a reclaimed one). */
export const released = (state: AllocationState, ownerId: number) => updateMember(state, ownerId, (m) => ({ ...m, open: Math.max(0, m.open - 1) }));

/** The state as a reclaimed lead sees it: its owner, who let it lapse, is not a candidate for it. */
export const excluding = (state: AllocationState, ownerId: number) => updateMember(state, ownerId, (m) => ({ ...m, skipped: m.skipped ?? '当前负责人' }));

/** How `count` leads arriving one after another would be shared; `unassigned` stay in the pool. */
export function allocate(state: AllocationState, count: number): { gets: Map<number, number>; unassigned: number } {
  const gets = new Map(state.members.map((m) => [m.userId, 0]));
  let current = state;
  for (let i = 0; i < count; i++) {
    const picked = pickMember(current);
    if (!picked) return { gets, unassigned: count - i };
    gets.set(picked.userId, (gets.get(picked.userId) ?? 0) + 1);
    current = afterPick(current, picked);
  }
  return { gets, unassigned: 0 };
}

/** `张三 今日 3/10`: the member's count including the lead just given. */
export function describePick(state: AllocationState, picked: Candidate): string {
  const today = `今日 ${picked.today + 1}${picked.dailyCap > 0 ? `/${picked.dailyCap}` : ''}`;
  const load = state.method === 'least_loaded' ? `，此前跟进中 ${picked.open}` : '';
  return `${DISTRIBUTION_METHOD_LABELS[state.method]}：${picked.nickName} ${today}${load}`;
}

/** Why nobody could take the lead: each member with their reason. */
export function describeNobody(state: AllocationState): string {
  const reasons = state.members.map((m) => `${m.nickName} ${m.skipped ?? (underCap(m) ? '' : `${CAP_REACHED} ${m.today}/${m.dailyCap}`)}`.trim());
  return `没有可分配的成员（${reasons.join('、')}）`;
}
