import { Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LEAD_GOAL, type AgentLeadGoal } from '@acs/shared';
import { installDomStubs } from '../testStubs';
import type { SettingsForm } from './formValues';
import LeadGoalTab from './LeadGoalTab';

vi.mock('../../../../../api/ai/variable', () => ({ previewVariables: vi.fn() }));

beforeAll(installDomStubs);
afterEach(cleanup);

let read: () => AgentLeadGoal = () => DEFAULT_LEAD_GOAL;

function Harness({ goal }: { goal: AgentLeadGoal }) {
  const [form] = Form.useForm<SettingsForm>();
  read = () => form.getFieldValue('leadGoal') as AgentLeadGoal;
  return (
    <Form form={form} initialValues={{ leadGoal: goal }}>
      <LeadGoalTab form={form} agentId={101} choices={[]} />
    </Form>
  );
}

const matchGroup = () => screen.getByText('完成条件').closest('.ant-form-item') as HTMLElement;

describe('LeadGoalTab 完成条件', () => {
  it('is offered once more than one field is chosen, with what 任填其一 means', async () => {
    render(<Harness goal={{ ...DEFAULT_LEAD_GOAL, enabled: true, fields: ['phone'], match: 'all' }} />);
    expect(matchGroup().classList.contains('ant-form-item-hidden')).toBe(true);

    fireEvent.click(screen.getByLabelText('微信号'));
    await waitFor(() => expect(matchGroup().classList.contains('ant-form-item-hidden')).toBe(false));
    expect(screen.getByText(/任填其一：客户留下其中任意一项即视为完成，不再追问/)).toBeTruthy();
    expect((screen.getByLabelText('全部填写') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByLabelText('任填其一'));
    await waitFor(() => expect(read()).toMatchObject({ fields: ['phone', 'wechat'], match: 'any' }));
  });

  it('keeps the stored choice while hidden', () => {
    render(<Harness goal={{ ...DEFAULT_LEAD_GOAL, enabled: true, fields: ['phone'], match: 'any' }} />);
    expect(read().match).toBe('any');
  });
});
