import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useUserStore } from '../../../../../stores/user';
import { installDomStubs } from '../testStubs';
import VariableTextArea from './VariableTextArea';
import type { VariableChoice } from './useVariableChoices';

const previewVariables = vi.fn();
vi.mock('../../../../../api/ai/variable', () => ({ previewVariables: (...args: unknown[]) => previewVariables(...args) }));

beforeAll(installDomStubs);
afterEach(cleanup);

const CHOICES: VariableChoice[] = [
  { key: 'agent_name', label: '客服名称', group: '系统变量' },
  { key: 'hotline', label: '客服热线', group: '全局变量' },
];

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <VariableTextArea label="欢迎语" agentId={101} choices={CHOICES} value={value} onChange={setValue} />;
}

const area = () => screen.getByLabelText('欢迎语') as HTMLTextAreaElement;

describe('VariableTextArea', () => {
  it('inserts {{key}} at the cursor from the 插入变量 menu, grouped by kind', async () => {
    render(<Harness initial="您好，欢迎光临" />);
    area().setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole('button', { name: /插入变量/ }));
    expect(await screen.findByText('系统变量')).toBeTruthy();
    expect(screen.getByText('全局变量')).toBeTruthy();
    fireEvent.click(screen.getByText('{{hotline}} 客服热线'));
    await waitFor(() => expect(area().value).toBe('您好，{{hotline}}欢迎光临'));
  });

  it('offers 预览 only to those who may edit agents (the server renders with stored values)', () => {
    useUserStore.setState({ permissions: ['ai:agent:reply'] });
    render(<Harness initial="{{hotline}}" />);
    expect(screen.queryByRole('button', { name: /预览/ })).toBeNull();
  });

  it('previews the text with this agent’s values and lists variables left empty', async () => {
    useUserStore.setState({ permissions: ['ai:agent:edit'] });
    previewVariables.mockResolvedValue({ code: 200, msg: '', data: { text: '您好，我是小美，热线', missing: ['hotline'] } });
    render(<Harness initial="您好，我是{{agent_name}}，热线{{hotline}}" />);
    fireEvent.click(screen.getByRole('button', { name: /预览/ }));
    await waitFor(() => expect(previewVariables).toHaveBeenCalledWith({ text: '您好，我是{{agent_name}}，热线{{hotline}}', agentId: 101 }));
    expect(await screen.findByText('您好，我是小美，热线')).toBeTruthy();
    expect(screen.getByText('无值且无兜底的变量：hotline')).toBeTruthy();
  });
});
