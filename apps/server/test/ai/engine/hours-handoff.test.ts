import { DEFAULT_BUSINESS_HOURS, DEFAULT_HANDOFF, type AgentBusinessHours, type AgentHandoff } from '@acs/shared';
import { describe, expect, it } from 'vitest';
import { handoffKeyword, isQuestion, requestedHuman } from '../../../src/modules/ai/engine/handoff';
import { isWithinBusinessHours } from '../../../src/modules/ai/engine/hours';
import { systemVariableValues } from '../../../src/modules/ai/engine/system-vars';

/** A moment given in China time (UTC+8). */
const china = (iso: string) => Date.parse(`${iso}+08:00`);

// 2026-11-23 is a Monday.
const weekdays: AgentBusinessHours = { ...DEFAULT_BUSINESS_HOURS, enabled: true, days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };

describe('isWithinBusinessHours', () => {
  it.each([
    ['2026-11-23T09:00', true],
    ['2026-11-23T12:30', true],
    ['2026-11-23T17:59', true],
    ['2026-11-23T18:00', false],
    ['2026-11-23T08:59', false],
    ['2026-11-28T10:00', false],
    ['2026-11-29T10:00', false],
  ])('Mon–Fri 09:00–18:00 at %s (China time) → %s', (at, inside) => {
    expect(isWithinBusinessHours(weekdays, china(at))).toBe(inside);
  });

  it('uses China time whatever the clock of the server', () => {
    // 02:00 UTC on Monday is 10:00 in China.
    expect(isWithinBusinessHours(weekdays, Date.parse('2026-11-23T02:00:00Z'))).toBe(true);
    // 20:00 UTC on Monday is already Tuesday 04:00 in China.
    expect(isWithinBusinessHours(weekdays, Date.parse('2026-11-23T20:00:00Z'))).toBe(false);
  });

  it('counts an overnight range to the day it starts on', () => {
    const fridayNight: AgentBusinessHours = { ...weekdays, days: [5], start: '22:00', end: '06:00' };
    expect(isWithinBusinessHours(fridayNight, china('2026-11-27T23:30'))).toBe(true);
    expect(isWithinBusinessHours(fridayNight, china('2026-11-28T03:00'))).toBe(true);
    expect(isWithinBusinessHours(fridayNight, china('2026-11-28T06:00'))).toBe(false);
    expect(isWithinBusinessHours(fridayNight, china('2026-11-27T03:00'))).toBe(false);
    expect(isWithinBusinessHours(fridayNight, china('2026-11-27T12:00'))).toBe(false);
    const sundayNight: AgentBusinessHours = { ...weekdays, days: [7], start: '20:00', end: '02:00' };
    expect(isWithinBusinessHours(sundayNight, china('2026-11-30T01:00'))).toBe(true);
  });

  it('stays open rather than closing the shop on a malformed time', () => {
    expect(isWithinBusinessHours({ ...weekdays, start: '9点', end: '18:00' }, china('2026-11-29T03:00'))).toBe(true);
    expect(isWithinBusinessHours({ ...weekdays, start: '09:00', end: '24:30' }, china('2026-11-29T03:00'))).toBe(true);
  });

  it('is always open when switched off, and all day when start equals end', () => {
    expect(isWithinBusinessHours({ ...weekdays, enabled: false }, china('2026-11-29T03:00'))).toBe(true);
    const allDay = { ...weekdays, start: '00:00', end: '00:00' };
    expect(isWithinBusinessHours(allDay, china('2026-11-23T03:00'))).toBe(true);
    expect(isWithinBusinessHours(allDay, china('2026-11-29T03:00'))).toBe(false);
  });
});

describe('requestedHuman and handoffKeyword', () => {
  const handoff: AgentHandoff = { ...DEFAULT_HANDOFF, keywords: ['投诉', ' 退款 '] };

  it.each(['转人工', '人工', '人工客服在吗', '我要找人工', '能不能接人工', '有没有真人', '请客服人员来处理', '转 人工！', '找客服', '叫人工来'])(
    '%s is an explicit request',
    (text) => expect(requestedHuman(handoff, text)).toBe('客户要求转人工'),
  );

  it.each(['人工智能是什么', '不用转人工了', '我不要人工', '你好', ''])('%j is not', (text) => {
    expect(requestedHuman(handoff, text)).toBeNull();
  });

  it('ignores explicit requests when the agent does not take them', () => {
    expect(requestedHuman({ ...handoff, explicitRequest: false }, '转人工')).toBeNull();
  });

  it('names the keyword that matched', () => {
    expect(handoffKeyword(handoff, '我要投诉你们')).toBe('关键词：投诉');
    expect(handoffKeyword(handoff, '怎么退款')).toBe('关键词：退款');
    expect(handoffKeyword({ ...handoff, keywords: ['', '  '] }, '什么都行')).toBeNull();
  });

  it.each(['隔壁店铺太吵想投诉', '邻居装修太吵了我要投诉他们', '想投诉一下楼上的噪音'])('%s is about someone else', (text) => {
    expect(handoffKeyword(handoff, text)).toBeNull();
  });

  it('still counts the keyword in another clause than the third party', () => {
    expect(handoffKeyword(handoff, '隔壁都说好，我要投诉你们')).toBe('关键词：投诉');
  });

  it('tells a question from a demand', () => {
    expect(isQuestion('收到的货坏了能退款吗')).toBe(true);
    expect(isQuestion('退款要多久')).toBe(true);
    expect(isQuestion('我要退款！')).toBe(false);
  });
});

describe('systemVariableValues', () => {
  it('gives date, time and weekday in China time', () => {
    // 2026-11-22 23:30 UTC is Monday 07:30 in China.
    expect(systemVariableValues(Date.parse('2026-11-22T23:30:00Z'), '小美', '王先生')).toEqual({
      agent_name: '小美',
      customer_name: '王先生',
      today: '2026-11-23',
      now: '2026-11-23 07:30',
      weekday: '星期一',
    });
    expect(systemVariableValues(china('2026-11-29T09:05'), 'a', '').weekday).toBe('星期日');
  });
});
