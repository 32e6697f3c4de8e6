import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Editor as HeadlessEditor } from '@tiptap/core';
import { installMatchMedia } from '../testing';
import { sanitizeHtml } from '../../layout/Navbar/sanitizeHtml';
import Editor from './index';
import { editorExtensions, editorHtml, isAllowedLink } from './extensions';
import { http } from '../../utils/request';
import { checkEditorImage, uploadEditorImage } from './upload';

beforeAll(installMatchMedia);
// ProseMirror scrolls the selection into view after a toolbar command; jsdom lays nothing out.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(cleanup);

const area = () => screen.getByRole('textbox', { name: '内容' });

describe('Editor', () => {
  it('shows the given HTML through the allow-list sanitiser', async () => {
    render(<Editor value={'<p onclick="x()"><strong>粗体</strong></p><script>alert(1)</script>'} />);
    await waitFor(() => expect(area().innerHTML).toBe('<p><strong>粗体</strong></p>'));
  });

  it('replaces the document when the value comes from outside (another notice, form reset), without reporting it', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Editor value="<p>一</p>" onChange={onChange} />);
    rerender(<Editor value="<p>二</p>" onChange={onChange} />);
    await waitFor(() => expect(area().textContent).toBe('二'));
    rerender(<Editor value="" onChange={onChange} />);
    await waitFor(() => expect(area().textContent).toBe(''));
    expect(onChange.mock.calls).toEqual([]);
  });

  it('keeps the latest edit when the form hands an earlier one back late', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Editor value="<p>一</p>" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '有序列表' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: '无序列表' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    const [[ordered], [bulleted]] = onChange.mock.calls as [[string], [string]];
    rerender(<Editor value={ordered} onChange={onChange} />);
    expect(area().querySelector('ul')).toBeTruthy();
    rerender(<Editor value={bulleted} onChange={onChange} />);
    // Caught up: a reset to the first edit is now a real one from outside.
    rerender(<Editor value={ordered} onChange={onChange} />);
    await waitFor(() => expect(area().querySelector('ol')).toBeTruthy());
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

describe('editor document model', () => {
  const headless = (content: string) => new HeadlessEditor({ extensions: editorExtensions(), content });

  it('writes only what the shared allow-list keeps: its output survives the sanitiser whole', () => {
    const editor = headless('<p>正文</p>');
    editor
      .chain()
      .selectAll()
      .toggleBold()
      .toggleItalic()
      .toggleUnderline()
      .toggleStrike()
      .setColor('#f5222d')
      .setBackgroundColor('#fadb14')
      .setTextAlign('center')
      .setLink({ href: 'https://example.com' })
      .run();
    editor.commands.insertContentAt(editor.state.doc.content.size, [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '标题' }] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '一' }] }] }] },
      { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '二' }] }] }] },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: '引用' }] }] },
      { type: 'image', attrs: { src: '/prod-api/profile/upload/a.png', alt: '图' } },
    ]);
    const html = editorHtml(editor);
    for (const part of ['<strong>', '<em>', '<u>', '<s>', '"color: ', 'background-color: ', 'text-align: center', '<a ', '<h2', '<ul>', '<ol>', '<blockquote>', '<img ']) {
      expect(html).toContain(part);
    }
    // Read back after cleaning, the document is the same: the sanitiser removed nothing the editor wrote.
    const cleaned = headless(sanitizeHtml(html));
    expect(editorHtml(cleaned)).toBe(html);
    editor.destroy();
    cleaned.destroy();
  });

  it('drops what the allow-list refuses when HTML comes in (paste, stored content)', () => {
    const editor = headless('<p><a href="javascript:alert(1)">x</a><code>c</code></p><pre>p</pre><hr><img src="data:image/png;base64,AAAA">');
    expect(editorHtml(editor)).toBe('<p>xc</p><p>p</p>');
    editor.destroy();
  });

  it('reports an editor holding only an empty paragraph as empty', () => {
    const editor = headless('<p></p>');
    expect(editorHtml(editor)).toBe('');
    editor.commands.setContent('<p><img src="/profile/a.png"></p>');
    expect(editorHtml(editor)).toContain('<img src="/profile/a.png"');
    editor.destroy();
  });

  it('accepts links the allow-list keeps', () => {
    expect(isAllowedLink('https://example.com/a')).toBe(true);
    expect(isAllowedLink('mailto:a@b.c')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('//evil.example')).toBe(false);
  });
});

describe('editor image upload', () => {
  it('checks picked images for type and size', () => {
    const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);
    expect(checkEditorImage(file('a.png', 10), 5)).toBeNull();
    expect(checkEditorImage(file('a.svg', 10), 5)).toBe('图片格式错误!');
    expect(checkEditorImage(file('a.jpg', 2 * 1024 * 1024), 1)).toBe('上传图片大小不能超过 1 MB!');
  });

  it('uploads through /common/upload and puts the served URL in the content', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ code: 200, msg: '', fileName: '/profile/upload/2026/11/23/a.png' });
    const file = new File([new Uint8Array(4)], 'a.png', { type: 'image/png' });
    await expect(uploadEditorImage(file)).resolves.toBe('/prod-api/profile/upload/2026/11/23/a.png');
    const [url, form] = post.mock.calls[0];
    expect(url).toBe('/common/upload');
    expect((form as FormData).get('file')).toBe(file);
    post.mockRestore();
  });
});
