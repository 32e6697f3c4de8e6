import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../crm/customerLeave/components/testing';
import FormBuildPage from './index';

const canvas = () => screen.getByLabelText('画布');
const canvasItems = () => [...canvas().querySelectorAll<HTMLElement>('[data-testid^="item-"]')];
const canvasLabels = () => [...canvas().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);

async function exportedJson(): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: /导出 JSON/ }));
  const pre = await screen.findByLabelText('DesignedForm.json');
  const json = pre.textContent ?? '';
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return json;
}

beforeAll(installDomStubs);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('表单构建', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('adds components by click and edits the selected one in the property panel', async () => {
    renderWithClient(<FormBuildPage />);
    expect(screen.getByText('从左侧拖入或点选组件进行表单设计')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加单行文本' }));
    fireEvent.click(screen.getByRole('button', { name: '添加下拉选择' }));
    expect(canvasLabels()).toEqual(['单行文本', '下拉选择']);
    // The newest is selected: its properties are shown.
    expect((screen.getByLabelText('字段名') as HTMLInputElement).value).toBe('field2');
    fireEvent.click(canvasItems()[0]);
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '手机号' } });
    fireEvent.change(screen.getByLabelText('字段名'), { target: { value: 'field2' } });
    expect(screen.getByText('字段名重复：field2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('字段名'), { target: { value: 'phone' } });
    expect(canvasLabels()).toEqual(['手机号', '下拉选择']);
    fireEvent.click(screen.getByRole('button', { name: '复制手机号' }));
    fireEvent.click(screen.getByRole('button', { name: '删除下拉选择' }));
    expect(canvasLabels()).toEqual(['手机号', '手机号']);
    expect((screen.getByLabelText('字段名') as HTMLInputElement).value).toBe('field1');
  });

  it('adds a component dragged from the palette onto the canvas', async () => {
    renderWithClient(<FormBuildPage />);
    const grid = canvas();
    grid.getBoundingClientRect = () => ({ x: 300, y: 100, left: 300, top: 100, right: 900, bottom: 700, width: 600, height: 600, toJSON: () => ({}) });
    const source = screen.getByRole('button', { name: '添加多行文本' });
    fireEvent.pointerDown(source, { clientX: 20, clientY: 20, isPrimary: true, button: 0 });
    await act(async () => {
      fireEvent.pointerMove(document, { clientX: 200, clientY: 200 });
      fireEvent.pointerMove(document, { clientX: 400, clientY: 300 });
    });
    await act(async () => {
      fireEvent.pointerUp(document, { clientX: 400, clientY: 300 });
    });
    await waitFor(() => expect(canvasLabels()).toEqual(['多行文本']));
  });

  it('previews the form with working validation of a required field', async () => {
    renderWithClient(<FormBuildPage />);
    fireEvent.click(screen.getByRole('button', { name: '添加单行文本' }));
    fireEvent.click(screen.getByRole('switch', { name: '是否必填' }));
    fireEvent.change(screen.getByLabelText('正则校验'), { target: { value: '^\\d+$' } });
    fireEvent.click(screen.getByRole('button', { name: /预览/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请输入单行文本')).toBeTruthy();
    const input = within(dialog).getByLabelText('单行文本');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(await within(dialog).findByText('单行文本格式不正确')).toBeTruthy();
    fireEvent.change(input, { target: { value: '42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    const result = await within(dialog).findByRole('status');
    expect(result.textContent).toContain('"field1": "42"');
  });

  it('exports the design as JSON that imports back to the same design', async () => {
    renderWithClient(<FormBuildPage />);
    fireEvent.click(screen.getByRole('button', { name: '添加行容器' }));
    fireEvent.click(screen.getByRole('button', { name: '添加开关' }));
    fireEvent.click(screen.getByRole('button', { name: '添加多选框组' }));
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '兴趣' } });
    const json = await exportedJson();
    expect(JSON.parse(json).items[0].children.map((c: { kind: string }) => c.kind)).toEqual(['switch', 'checkbox']);

    fireEvent.click(screen.getByRole('button', { name: '删除行容器' }));
    expect(canvasItems()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('导入 JSON 文件'), { target: { files: [new File([json], 'design.json', { type: 'application/json' })] } });
    await waitFor(() => expect(canvasLabels()).toEqual(['开关', '兴趣']));
    expect(await exportedJson()).toBe(json);
  });

  it('refuses an imported file that is not a design and keeps the current one', async () => {
    renderWithClient(<FormBuildPage />);
    fireEvent.click(screen.getByRole('button', { name: '添加单行文本' }));
    const bad = JSON.stringify({ version: 1, name: 'X', layout: 'horizontal', labelWidth: 100, gutter: 0, items: [{ id: 'a', kind: 'script' }] });
    fireEvent.change(screen.getByLabelText('导入 JSON 文件'), { target: { files: [new File([bad], 'bad.json')] } });
    expect(await screen.findByText('导入失败：不支持的组件类型：script')).toBeTruthy();
    expect(canvasLabels()).toEqual(['单行文本']);
  });
});
