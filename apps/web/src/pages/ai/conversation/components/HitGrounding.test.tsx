import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import HitGrounding from './HitGrounding';

afterEach(cleanup);

describe('HitGrounding', () => {
  it('shows the entries a model answer stood on, with their scores', () => {
    render(
      <HitGrounding
        hit={{
          type: 'model',
          name: 'gpt-4o-mini',
          refs: [
            { id: 11, name: '运费怎么算', score: 0.62 },
            { id: 12, name: '几点发货', score: 0.305 },
          ],
        }}
      />,
    );
    expect(screen.getByText('依据：')).toBeTruthy();
    expect(screen.getByText('运费怎么算 0.62')).toBeTruthy();
    expect(screen.getByText('几点发货 0.30')).toBeTruthy();
  });

  it('says the knowledge held no answer when the model said so', () => {
    render(<HitGrounding hit={{ type: 'fallback', error: 'no_answer: 资料中没有答案' }} />);
    expect(screen.getByText('资料中没有答案')).toBeTruthy();
  });

  it('shows nothing for other hits', () => {
    const { container } = render(<HitGrounding hit={{ type: 'fallback', error: 'timeout: 模型服务响应超时' }} />);
    expect(container.textContent).toBe('');
    render(<HitGrounding hit={{ type: 'model', name: 'gpt-4o-mini' }} />);
    expect(screen.queryByText('依据：')).toBeNull();
  });
});
