import { beforeEach, describe, expect, it, vi } from 'vitest';

const feedback = vi.hoisted(() => ({ answer: true, confirms: [] as string[], toasts: [] as string[] }));
vi.mock('./feedback', () => ({
  confirmDialog: async ({ content }: { content: string }) => {
    feedback.confirms.push(content);
    return feedback.answer;
  },
  toast: { success: (t: string) => feedback.toasts.push(t) },
}));

const { confirmDelete, confirmStatusChange } = await import('./crud');

beforeEach(() => {
  feedback.answer = true;
  feedback.confirms = [];
  feedback.toasts = [];
});

describe('confirmDelete', () => {
  it('asks with the ids, deletes and reports', async () => {
    const remove = vi.fn(async () => undefined);
    expect(await confirmDelete('岗位', [1, 2], remove)).toBe(true);
    expect(feedback.confirms).toEqual(['是否确认删除岗位编号为"1,2"的数据项？']);
    expect(remove).toHaveBeenCalledOnce();
    expect(feedback.toasts).toEqual(['删除成功']);
  });

  it('does nothing when cancelled', async () => {
    feedback.answer = false;
    const remove = vi.fn(async () => undefined);
    expect(await confirmDelete('岗位', [3], remove)).toBe(false);
    expect(remove).not.toHaveBeenCalled();
  });
});

describe('confirmStatusChange', () => {
  it('names the action and the row', async () => {
    const change = vi.fn(async () => undefined);
    expect(await confirmStatusChange('用户', 'ry', false, change)).toBe(true);
    expect(feedback.confirms).toEqual(['确认要"停用""ry"用户吗?']);
    expect(feedback.toasts).toEqual(['停用成功']);
  });

  it('propagates a failed call so the switch can roll back', async () => {
    await expect(confirmStatusChange('角色', 'x', true, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(feedback.toasts).toEqual([]);
  });
});
