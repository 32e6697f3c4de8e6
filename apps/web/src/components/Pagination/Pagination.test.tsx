import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { installMatchMedia } from '../testing';
import Pagination, { pageAfterSizeChange, pagerCount, sizeOptions } from '.';

beforeAll(installMatchMedia);
afterEach(cleanup);

function setWidth(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

describe('pagination rules', () => {
  it('shows 5 pager buttons under 992 px and 7 from there on', () => {
    expect(pagerCount(390)).toBe(5);
    expect(pagerCount(991)).toBe(5);
    expect(pagerCount(992)).toBe(7);
  });

  it('offers 30/50/100 plus the current size', () => {
    expect(sizeOptions([30, 50, 100], 20)).toEqual([20, 30, 50, 100]);
    expect(sizeOptions([30, 50, 100], 50)).toEqual([30, 50, 100]);
  });

  it('resets to page 1 when the new size would push the page past the end', () => {
    expect(pageAfterSizeChange(5, 50, 120)).toBe(1);
    expect(pageAfterSizeChange(2, 50, 120)).toBe(2);
  });
});

describe('<Pagination>', () => {
  it('is hidden when total is 0 or hidden is set', () => {
    const { container, rerender } = render(<Pagination total={0} onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination total={10} hidden onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the total and emits page and limit', () => {
    const onChange = vi.fn();
    const { container, getByText } = render(<Pagination total={100} autoScroll={false} onChange={onChange} />);
    expect(getByText('共 100 条')).toBeTruthy();
    fireEvent.click(container.querySelector('.ant-pagination-item-3') as Element);
    expect(onChange).toHaveBeenCalledWith({ page: 3, limit: 20 });
  });

  it('renders fewer pager buttons on a narrow window', () => {
    // Numbered pages plus the jump buttons: 1 2 3 4 5 » 50 wide, 1 2 3 » 50 narrow.
    const count = (c: HTMLElement) =>
      c.querySelectorAll('.ant-pagination-item, .ant-pagination-jump-next, .ant-pagination-jump-prev').length;
    setWidth(1280);
    const { container } = render(<Pagination total={1000} onChange={() => undefined} />);
    const wide = count(container);
    setWidth(390);
    const narrow = count(container);
    expect(wide).toBe(7);
    expect(narrow).toBe(5);
  });

  it('scrolls to the top after a change', () => {
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const { container } = render(<Pagination total={100} onChange={() => undefined} />);
    fireEvent.click(container.querySelector('.ant-pagination-item-2') as Element);
    expect(raf).toHaveBeenCalled();
    raf.mockRestore();
  });
});
