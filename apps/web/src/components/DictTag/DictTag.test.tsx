import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { DictOption } from '../../hooks/useDict';
import DictTag from '.';

afterEach(cleanup);

const options: DictOption[] = [
  { label: '正常', value: '0', elTagType: 'primary', elTagClass: '' },
  { label: '停用', value: '1', elTagType: 'danger', elTagClass: '' },
  { label: '男', value: 'm', elTagType: 'default', elTagClass: '' },
  { label: '女', value: 'f', elTagType: '', elTagClass: '' },
  { label: '成功', value: 's', elTagType: 'success', elTagClass: 'extra' },
];

describe('DictTag', () => {
  it('renders default and empty tag types as plain text', () => {
    const { container } = render(<DictTag options={options} value={['m', 'f']} />);
    expect(container.querySelector('.ant-tag')).toBeNull();
    expect(container.textContent).toBe('男女');
  });

  it('maps primary to the blue default tag of the reference and danger to the danger colour', () => {
    const { container } = render(<DictTag options={options} value="0,1" />);
    const tags = container.querySelectorAll<HTMLElement>('.ant-tag');
    expect([...tags].map((t) => t.textContent)).toEqual(['正常', '停用']);
    expect(tags[0].style.color).toBe('');
    expect(tags[0].className).toMatch(/ant-tag-processing|ant-tag-color-processing/);
    expect(tags[1].style.color).toBe('rgb(245, 108, 108)');
  });

  it('applies cssClass to the tag', () => {
    const { container } = render(<DictTag options={options} value="s" />);
    const tag = container.querySelector<HTMLElement>('.ant-tag');
    expect(tag?.classList.contains('extra')).toBe(true);
    expect(tag?.style.color).toBe('rgb(103, 194, 58)');
  });

  it('accepts numbers and shows unmatched values as raw text unless showValue is off', () => {
    const { container, rerender } = render(<DictTag options={options} value={[1, 9]} />);
    expect(container.textContent).toBe('停用9');
    rerender(<DictTag options={options} value={[1, 9]} showValue={false} />);
    expect(container.textContent).toBe('停用');
  });

  it('renders nothing for an empty value', () => {
    const { container } = render(<DictTag options={options} value={null} />);
    expect(container.textContent).toBe('');
  });
});
