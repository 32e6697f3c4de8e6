import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmDialog, toast } from '../../utils/feedback';
import Feedback from '.';

describe('Feedback', () => {
  beforeAll(async () => {
    // The holders are a lazy chunk; loading it up front keeps a busy machine from timing the tests out.
    await import('./FeedbackHolders');
  }, 30_000);
  afterEach(cleanup);

  it('loads antd on the first toast and shows it', async () => {
    render(<Feedback />);
    act(() => toast.success('保存成功'));
    expect(await screen.findByText('保存成功', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('forwards confirm dialogs and resolves with the choice', async () => {
    render(<Feedback />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmDialog({ content: '确定删除吗？' });
    });
    expect(await screen.findByText('确定删除吗？', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await expect(answer).resolves.toBe(true);
  });
});
