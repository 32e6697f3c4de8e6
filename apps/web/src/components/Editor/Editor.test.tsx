import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installMatchMedia } from '../testing';
import Editor from './index';
import { editorHtml } from './commands';
import { checkEditorImage } from './upload';

beforeAll(installMatchMedia);
afterEach(cleanup);

const area = () => screen.getByRole('textbox', { name: '内容' });

describe('Editor', () => {
  it('shows the given HTML through the allow-list sanitiser', () => {
    render(<Editor value={'<p onclick="x()"><strong>粗体</strong></p><script>alert(1)</script>'} />);
    expect(area().innerHTML).toBe('<p><strong>粗体</strong></p>');
  });

  it('reports edits once each, and does not rewrite the text with its own value', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Editor value="<p>a</p>" onChange={onChange} />);
    area().innerHTML = '<p>ab</p>';
    fireEvent.input(area());
    fireEvent.blur(area());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('<p>ab</p>');
    area().innerHTML = '<p>abc</p>';
    rerender(<Editor value="<p>ab</p>" onChange={onChange} />);
    expect(area().innerHTML).toBe('<p>abc</p>');
  });

  it('replaces the text when the value comes from outside (another notice, form reset)', () => {
    const { rerender } = render(<Editor value="<p>一</p>" />);
    rerender(<Editor value="<p>二</p>" />);
    expect(area().innerHTML).toBe('<p>二</p>');
    rerender(<Editor value="" />);
    expect(area().innerHTML).toBe('');
  });

  it('has the toolbar of the notice editor, and none when read-only', () => {
    render(<Editor />);
    for (const name of ['撤销', '重做', '加粗', '斜体', '下划线', '删除线', '文字颜色', '引用', '有序列表', '无序列表', '居中', '链接', '图片', '清除格式']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    cleanup();
    render(<Editor readOnly value="<p>只读</p>" />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(area().getAttribute('contenteditable')).toBe('false');
  });
});

describe('editor helpers', () => {
  it('reports an editor holding only empty blocks as empty', () => {
    const el = document.createElement('div');
    el.innerHTML = '<p><br></p>';
    expect(editorHtml(el)).toBe('');
    el.innerHTML = '<p><img src="/profile/a.png"></p>';
    expect(editorHtml(el)).toBe('<p><img src="/profile/a.png"></p>');
  });

  it('checks picked images for type and size', () => {
    const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);
    expect(checkEditorImage(file('a.png', 10), 5)).toBeNull();
    expect(checkEditorImage(file('a.svg', 10), 5)).toBe('图片格式错误!');
    expect(checkEditorImage(file('a.jpg', 2 * 1024 * 1024), 1)).toBe('上传图片大小不能超过 1 MB!');
  });
});
