import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { useAuth } from '../../hooks/useAuth';
import { useUserStore } from '../../stores/user';
import { HasPermi, HasRole } from '.';

beforeEach(() => useUserStore.setState({ permissions: ['system:user:add'], roles: ['common'] }));
afterEach(cleanup);

describe('HasPermi / HasRole', () => {
  it('renders children when the user holds one of the values', () => {
    render(
      <HasPermi value={['system:user:edit', 'system:user:add']}>
        <button>新增</button>
      </HasPermi>,
    );
    expect(screen.getByText('新增')).toBeTruthy();
  });

  it('removes the element when the check fails', () => {
    render(
      <HasPermi value={['system:user:remove']}>
        <button>删除</button>
      </HasPermi>,
    );
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('keeps the element in place but invisible with show', () => {
    render(
      <HasRole value={['admin']} show>
        <button>创建</button>
      </HasRole>,
    );
    const wrapper = screen.getByText('创建').parentElement as HTMLElement;
    expect(wrapper.style.visibility).toBe('hidden');
    expect(wrapper.style.display).toBe('contents');
  });

  it('honours all-of matching', () => {
    render(
      <HasPermi value={['system:user:add', 'system:user:edit']} match="all">
        <button>修改</button>
      </HasPermi>,
    );
    expect(screen.queryByText('修改')).toBeNull();
  });

  it('passes everything for *:*:* and the admin role', () => {
    useUserStore.setState({ permissions: ['*:*:*'], roles: ['admin'] });
    render(
      <>
        <HasPermi value={['tool:gen:code']}>
          <span>生成</span>
        </HasPermi>
        <HasRole value={['ops']}>
          <span>运维</span>
        </HasRole>
      </>,
    );
    expect(screen.getByText('生成')).toBeTruthy();
    expect(screen.getByText('运维')).toBeTruthy();
  });

  it('throws the spec errors for an empty list', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<HasPermi value={[]}>x</HasPermi>)).toThrow('请设置操作权限标签值');
    expect(() => render(<HasRole value={[]}>x</HasRole>)).toThrow('请设置角色权限标签值');
    vi.restoreAllMocks();
  });
});

describe('useAuth', () => {
  it('exposes the six checks and follows store changes', () => {
    const { result, rerender } = renderHook(() => useAuth());
    expect(result.current.hasPermi('system:user:add')).toBe(true);
    expect(result.current.hasPermi('')).toBe(false);
    expect(result.current.hasPermiOr(['x:y:z', 'system:user:add'])).toBe(true);
    expect(result.current.hasPermiAnd(['x:y:z', 'system:user:add'])).toBe(false);
    expect(result.current.hasRole('common')).toBe(true);
    expect(result.current.hasRoleOr(['admin', 'common'])).toBe(true);
    expect(result.current.hasRoleAnd(['admin', 'common'])).toBe(false);
    useUserStore.setState({ roles: ['admin'] });
    rerender();
    expect(result.current.hasRoleAnd(['x', 'y'])).toBe(true);
  });
});
