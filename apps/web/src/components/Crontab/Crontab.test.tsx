import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { installMatchMedia, installResizeObserver } from '../testing';
import Crontab from '.';

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});
afterEach(cleanup);

const expressionBox = () => screen.getByLabelText('Cron 表达式') as HTMLInputElement;
const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('<Crontab>', () => {
  it('opens on the given expression with its tabs and five run times', () => {
    render(<Crontab expression="0/15 * * * * ?" onOk={vi.fn()} onCancel={vi.fn()} />);
    expect(expressionBox().value).toBe('0/15 * * * * ?');
    expect((screen.getByRole('radio', { name: '从' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('起始秒')).toHaveProperty('value', '0');
    expect(screen.getByLabelText('间隔秒')).toHaveProperty('value', '15');
    expect(within(screen.getByRole('list', { name: '最近5次运行时间' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('writes the expression from the tabs and hands it over on 确定', () => {
    const onOk = vi.fn();
    render(<Crontab expression="0/15 * * * * ?" onOk={onOk} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('tab', { name: '小时' }));
    fireEvent.click(screen.getByRole('radio', { name: '周期从' }));
    fireEvent.change(screen.getByLabelText('周期结束小时'), { target: { value: '5' } });
    expect(expressionBox().value).toBe('0/15 * 0-5 * * ?');
    fireEvent.click(screen.getByRole('tab', { name: '周' }));
    fireEvent.click(screen.getByRole('radio', { name: '本月最后一个' }));
    expect(expressionBox().value).toBe('0/15 * 0-5 ? * 1L');
    fireEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith('0/15 * 0-5 ? * 1L');
  });

  it('takes a typed expression into the tabs, and refuses an invalid one with the reason', () => {
    const onOk = vi.fn();
    render(<Crontab expression="" onOk={onOk} onCancel={vi.fn()} />);
    expect(expressionBox().value).toBe('* * * * * ?');
    fireEvent.change(expressionBox(), { target: { value: '0 30 9 ? * 2-6' } });
    fireEvent.click(screen.getByRole('tab', { name: '分钟' }));
    screen.getByLabelText('指定分钟');
    fireEvent.change(expressionBox(), { target: { value: '0 30 9 * * 2-6' } });
    screen.getByText('日和周字段必须且只能有一个为“?”');
    screen.getByText('表达式不正确，无法计算运行时间');
    expect((okButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('重置 goes back to the expression it was opened with', () => {
    render(<Crontab expression="0 0 2 * * ?" onOk={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(expressionBox(), { target: { value: '0 0 3 * * ?' } });
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(expressionBox().value).toBe('0 0 2 * * ?');
  });
});
