import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AgentRow } from '../../../../api/ai/agent';
import { installDomStubs } from './testStubs';
import { useUserStore } from '../../../../stores/user';
import AgentRowActions, { type AgentRowHandlers } from './AgentRowActions';

beforeAll(installDomStubs);
afterEach(cleanup);

const row = (status: AgentRow['status']) => ({ agentId: 101, name: '售前助手', status }) as AgentRow;

function handlers(): AgentRowHandlers {
  return { open: vi.fn(), duplicate: vi.fn(), publish: vi.fn(), disable: vi.fn(), copyLink: vi.fn(), remove: vi.fn() };
}

async function menuItems(): Promise<string[]> {
  fireEvent.click(screen.getByRole('button', { name: '更多操作：售前助手' }));
  return (await screen.findAllByRole('menuitem')).map((m) => m.textContent ?? '');
}

describe('AgentRowActions', () => {
  it('shows only what the permissions allow', () => {
    useUserStore.setState({ permissions: ['ai:agent:list', 'ai:agent:debug'] });
    render(<AgentRowActions row={row('published')} handlers={handlers()} />);
    expect(screen.getByRole('button', { name: '调试' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '回复' })).toBeNull();
    // 复制聊天链接 needs no write permission, so 更多 is still there for a published agent.
    expect(screen.getByRole('button', { name: '更多操作：售前助手' })).toBeTruthy();
  });

  it('offers 发布 for a draft and 停用 with the chat link for a published agent', async () => {
    useUserStore.setState({ permissions: ['*:*:*'] });
    const h = handlers();
    const { unmount } = render(<AgentRowActions row={row('draft')} handlers={h} />);
    expect(await menuItems()).toEqual(['复制', '发布', '删除']);
    unmount();

    render(<AgentRowActions row={row('published')} handlers={h} />);
    expect(await menuItems()).toEqual(['复制', '停用', '复制聊天链接', '删除']);
    fireEvent.click(screen.getByText('停用'));
    expect(h.disable).toHaveBeenCalledWith(expect.objectContaining({ agentId: 101 }));
  });

  it('opens the dialog of the clicked link with the row', () => {
    useUserStore.setState({ permissions: ['*:*:*'] });
    const h = handlers();
    render(<AgentRowActions row={row('draft')} handlers={h} />);
    fireEvent.click(screen.getByRole('button', { name: '回复' }));
    expect(h.open).toHaveBeenCalledWith('reply', expect.objectContaining({ agentId: 101 }));
  });
});
