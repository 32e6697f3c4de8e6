import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { installDomStubs } from '../testStubs';
import { BUILTIN, tabOf, type SettingsForm } from './formValues';
import ModelTab from './ModelTab';

vi.mock('../../../../../api/ai/agent', () => ({
  modelOptions: () => Promise.resolve({ code: 200, msg: '', data: [{ providerId: null, name: '内置引擎', models: [], defaultModel: '' }] }),
}));

beforeAll(installDomStubs);
afterEach(cleanup);

let form: FormInstance<SettingsForm>;

function Harness({ answer, clarify }: { answer: number; clarify: number }) {
  const [f] = Form.useForm<SettingsForm>();
  form = f;
  return (
    <Form form={f} initialValues={{ providerId: BUILTIN, knowledgeThreshold: answer, clarifyThreshold: clarify }}>
      <ModelTab form={f} />
    </Form>
  );
}

function renderTab(answer: number, clarify: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness answer={answer} clarify={clarify} />
    </QueryClientProvider>,
  );
}

/** The slider handle of a labelled form item (antd renders one role=slider per Slider). */
function handle(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
  return item.querySelector('[role="slider"]') as HTMLElement;
}

describe('ModelTab thresholds', () => {
  it('explains the three bands and names both thresholds', async () => {
    renderTab(0.5, 0.3);
    expect(screen.getByText('直接回答阈值', { selector: 'label' })).toBeTruthy();
    expect(screen.getByText('澄清阈值', { selector: 'label' })).toBeTruthy();
    expect(screen.queryByText('知识库匹配阈值')).toBeNull();
    expect(screen.getByText(/介于澄清阈值和直接回答阈值之间：回复“您是想问：”并列出最多3个候选问题/)).toBeTruthy();
    expect(screen.getByText(/未配置模型时，若只有一个候选、相似度在两个阈值的中点以上/)).toBeTruthy();
    expect(screen.getByText(/配置了模型时，未达直接回答阈值的问题都交给模型（问题里有知识库从未提到的事物时，相似度低于 0.7 也交给模型）：相似度不低于澄清阈值 × 0.5 的前 5 条知识作为参考资料/)).toBeTruthy();
    expect(screen.getByText(/默认 0.5 \/ 0.2；阈值越高越谨慎/)).toBeTruthy();
    expect(handle('澄清阈值').getAttribute('aria-valuenow')).toBe('0.3');
  });

  it('refuses a clarify threshold above the answer threshold and re-checks it when the answer threshold moves', async () => {
    renderTab(0.5, 0.5);
    fireEvent.keyDown(handle('澄清阈值'), { key: 'ArrowRight', keyCode: 39 });
    expect(form.getFieldValue('clarifyThreshold')).toBe(0.55);
    expect(await screen.findByText('澄清阈值不能大于直接回答阈值')).toBeTruthy();
    await expect(form.validateFields()).rejects.toMatchObject({ errorFields: [{ name: ['clarifyThreshold'] }] });
    // A failed save opens the tab holding the field.
    expect(tabOf('clarifyThreshold')).toBe('model');

    // Raising the answer threshold re-checks the clarify threshold and clears the error.
    fireEvent.keyDown(handle('直接回答阈值'), { key: 'ArrowRight', keyCode: 39 });
    // The field's errors, not the DOM: antd keeps a cleared message on screen while it fades out.
    await waitFor(() => expect(form.getFieldError('clarifyThreshold')).toEqual([]));
    await act(async () => {
      await expect(form.validateFields()).resolves.toMatchObject({ knowledgeThreshold: 0.55, clarifyThreshold: 0.55 });
    });
  });
});
