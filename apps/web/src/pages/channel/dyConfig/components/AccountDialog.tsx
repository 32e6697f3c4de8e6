import { useEffect } from 'react';
import { Form, Radio, Select } from 'antd';
import { REPLY_POLICIES, REPLY_POLICY_LABELS } from '@acs/shared';
import { updateDouyinAccount, type DouyinAccount, type DouyinAccountUpdate } from '../../../../api/channel/dyConfig';
import { dialogLabelCol, DictRadioField, RemarkField } from '../../../../components/ListPage';
import { useFormName } from '../../../../components/ListPage/formName';
import SubmitDialog from '../../../../components/SubmitDialog';
import { useAuth } from '../../../../hooks/useAuth';
import type { DictOption } from '../../../../hooks/useDict';
import { toast } from '../../../../utils/feedback';
import { useAgentOptions } from '../../../ai/variable/components/useAgentOptions';
import StaffSelect from '../../../crm/components/StaffSelect';

/** The staff picker lists users for the CRM screens; any one of their list permissions opens it (modules/crm/staff). */
const STAFF_PICKER_PERMS = ['crm:customer:list', 'crm:lead:list', 'crm:distribution:list'];

const POLICY_OPTIONS = REPLY_POLICIES.map((value) => ({ value, label: REPLY_POLICY_LABELS[value] }));

type AccountForm = Omit<DouyinAccountUpdate, 'accountId'>;

interface AccountDialogProps {
  account: DouyinAccount;
  statuses: DictOption[];
  onClose: () => void;
  onSaved: () => void;
}

/** 修改 of a bound account: the agent that answers it, who serves it, how replies go out, enabled or not. */
export default function AccountDialog({ account, statuses, onClose, onSaved }: AccountDialogProps) {
  const auth = useAuth();
  const canListAgents = auth.hasPermi('ai:agent:list');
  const agents = useAgentOptions(canListAgents);
  const [form] = Form.useForm<AccountForm>();
  const name = useFormName('dyAccount');

  useEffect(() => {
    form.setFieldsValue({
      agentId: account.agentId,
      replyPolicy: account.replyPolicy,
      staffUserId: account.staffUserId,
      status: account.status,
      remark: account.remark ?? '',
    });
  }, [account, form]);

  // Without the agent list the current agent still reads as its name.
  const agentOptions =
    account.agentId !== null && !agents.some((a) => a.value === account.agentId) ? [...agents, { value: account.agentId, label: account.agentName }] : agents;

  const submit = async (values: AccountForm) => {
    await updateDouyinAccount({ ...values, accountId: account.accountId, agentId: values.agentId ?? null, staffUserId: values.staffUserId ?? null });
    toast.success('修改成功');
    onSaved();
  };

  return (
    <SubmitDialog form={form} title={`修改抖音账号 · ${account.nickname}`} width={560} onSubmit={submit} onClose={onClose}>
      <Form form={form} name={name} labelCol={dialogLabelCol(96)} labelAlign="right" style={{ marginTop: 16 }}>
        <Form.Item label="AI客服" name="agentId" tooltip="接待该账号私信的 AI 客服；不绑定时私信只能由人工回复">
          <Select aria-label="AI客服" allowClear placeholder="不绑定" options={agentOptions} disabled={!canListAgents} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          label="回复方式"
          name="replyPolicy"
          tooltip="非工作时间AI回复：客服设置的工作时间内由人工回复，其余时间由 AI 接待"
          rules={[{ required: true, message: '请选择回复方式' }]}
        >
          <Radio.Group options={POLICY_OPTIONS} />
        </Form.Item>
        <Form.Item label="负责员工" name="staffUserId" tooltip="转人工时优先分配给该员工">
          {auth.hasPermiOr(STAFF_PICKER_PERMS) ? (
            <StaffSelect aria-label="负责员工" placeholder="未指定" known={account.staffUserId ? [{ userId: account.staffUserId, nickName: account.staffName }] : []} />
          ) : (
            <Select aria-label="负责员工" disabled placeholder="未指定" options={account.staffUserId ? [{ value: account.staffUserId, label: account.staffName }] : []} />
          )}
        </Form.Item>
        <DictRadioField label="状态" name="status" options={statuses} tooltip="停用后，该账号收到的私信不再由系统接待" />
        <RemarkField />
      </Form>
    </SubmitDialog>
  );
}
