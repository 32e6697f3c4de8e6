import { Form, Input, Radio } from 'antd';
import { CRM_TEXT_MAX } from '@acs/shared';
import { assignLeads, releaseLeads, type LeadRow } from '../../../../api/crm/lead';
import { toast } from '../../../../utils/feedback';
import { dialogLabelCol } from '../../../../components/ListPage';
import StaffSelect from '../../components/StaffSelect';
import { useFormName } from '../../../../components/ListPage/formName';
import SubmitDialog from '../../../../components/SubmitDialog';

interface AssignForm {
  mode: 'assign' | 'release';
  userId?: number | null;
  reason: string;
}

interface Props {
  leads: Pick<LeadRow, 'leadId' | 'name' | 'ownerId' | 'ownerName'>[];
  onClose: () => void;
  /** After the server took the change. */
  onDone: () => void;
}

/** 分配: give one or many leads to a member, or return them to the pool (公海); the reason goes into each lead's history. */
export default function AssignDialog({ leads, onClose, onDone }: Props) {
  const [form] = Form.useForm<AssignForm>();
  const formName = useFormName('assign');
  const mode = Form.useWatch('mode', form) ?? 'assign';
  const ids = leads.map((l) => l.leadId);
  const single = leads.length === 1 ? leads[0] : undefined;
  const known = leads.flatMap((l) => (l.ownerId && l.ownerName ? [{ userId: l.ownerId, nickName: l.ownerName }] : []));

  const submit = async (values: AssignForm) => {
    if (values.mode === 'release') await releaseLeads(ids, values.reason.trim());
    else await assignLeads(ids, values.userId!, values.reason.trim());
    toast.success(values.mode === 'release' ? '已退回公海' : '分配成功');
    onDone();
  };

  return (
    <SubmitDialog
      form={form}
      title={single ? `分配线索 · ${single.name || single.leadId}` : `分配线索（已选 ${leads.length} 条）`}
      width={520}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form form={form} name={formName} labelCol={dialogLabelCol(80)} initialValues={{ mode: 'assign', reason: '' }}>
        <Form.Item label="操作" name="mode">
          <Radio.Group
            options={[
              { value: 'assign', label: '分配给成员' },
              { value: 'release', label: '退回公海' },
            ]}
          />
        </Form.Item>
        {mode === 'assign' && (
          <Form.Item label="分配给" name="userId" rules={[{ required: true, message: '请选择分配给的成员' }]}>
            <StaffSelect aria-label="分配给" known={known} placeholder="搜索姓名或账号" />
          </Form.Item>
        )}
        <Form.Item
          label="原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: mode === 'release' ? '请填写退回公海的原因' : '请填写分配原因' },
            { max: CRM_TEXT_MAX.reason, message: `原因长度不能超过${CRM_TEXT_MAX.reason}个字符` },
          ]}
        >
          <Input.TextArea aria-label="原因" rows={3} maxLength={CRM_TEXT_MAX.reason} showCount placeholder="将记入线索动态，如：客户指定、区域调整" />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
