import { Form, Select } from 'antd';
import { useAuth } from '../../../../hooks/useAuth';
import { useAgentOptions } from '../../../ai/variable/components/useAgentOptions';

interface Props {
  placeholder: string;
  tooltip: string;
}

/**
 * AI客服 of an account or a job. The agent list needs ai:agent:list; without it the record's own agent
 * still reads as its name (agentName travels in the loaded record) and can be cleared.
 */
export default function AgentField({ placeholder, tooltip }: Props) {
  const form = Form.useFormInstance();
  const agentId = Form.useWatch<number | null | undefined>('agentId', form);
  const agentName = Form.useWatch<string | undefined>('agentName', { form, preserve: true });
  const listed = useAgentOptions(useAuth().hasPermi('ai:agent:list'));
  const current = agentId && agentName && !listed.some((o) => o.value === agentId) ? [{ value: agentId, label: agentName }] : [];
  return (
    <Form.Item label="AI客服" name="agentId" tooltip={tooltip}>
      <Select aria-label="AI客服" allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={placeholder} options={[...current, ...listed]} />
    </Form.Item>
  );
}
