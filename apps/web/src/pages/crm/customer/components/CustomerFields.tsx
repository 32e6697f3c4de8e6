import { Form, Input, Radio, Select, type FormInstance } from 'antd';
import { CRM_TEXT_MAX } from '@acs/shared';
import type { Customer } from '../../../../api/crm/customer';
import { PhoneField, RemarkField } from '../../../../components/ListPage';
import StaffSelect from '../../components/StaffSelect';
import { STAGE_OPTIONS } from '../labels';
import { someContactRule, tagsRule, wechatRule } from './contactRules';

interface CustomerFieldsProps {
  form: FormInstance<Customer>;
  /**
   * Fields that hold a masked number (the user lacks crm:customer:phone): shown but not editable,
   * and the save leaves the stored value alone.
   */
  masked: { phone: boolean; wechat: boolean };
  /** Tags to suggest (those of the listed customers). */
  tagOptions: string[];
}

const MASKED_TIP = '没有查看手机号的权限，不能修改打码的内容';

/** The fields of the 添加客户 / 修改客户 dialog. */
export default function CustomerFields({ form, masked, tagOptions }: CustomerFieldsProps) {
  const ownerId = Form.useWatch('ownerId', form);
  const ownerName = Form.useWatch('ownerName', { form, preserve: true });
  const known = ownerId && ownerName ? [{ userId: ownerId, nickName: ownerName }] : [];

  return (
    <>
      <Form.Item label="客户名称" name="name" dependencies={['phone', 'wechat']} rules={[someContactRule]}>
        <Input placeholder="请输入客户名称" maxLength={CRM_TEXT_MAX.customerName} />
      </Form.Item>
      {masked.phone ? (
        <Form.Item label="手机号" name="phone" tooltip={MASKED_TIP}>
          <Input disabled />
        </Form.Item>
      ) : (
        <PhoneField label="手机号" name="phone" />
      )}
      <Form.Item label="微信号" name="wechat" rules={masked.wechat ? [] : [wechatRule]} tooltip={masked.wechat ? MASKED_TIP : undefined}>
        <Input placeholder="请输入微信号" maxLength={CRM_TEXT_MAX.wechat} disabled={masked.wechat} />
      </Form.Item>
      <Form.Item label="标签" name="tags" rules={[tagsRule]}>
        <Select mode="tags" placeholder="输入后回车添加标签" tokenSeparators={[',', '，']} options={tagOptions.map((t) => ({ value: t, label: t }))} />
      </Form.Item>
      <Form.Item label="负责人" name="ownerId">
        <StaffSelect known={known} placeholder="不选择则放入公海" />
      </Form.Item>
      <Form.Item label="阶段" name="stage" rules={[{ required: true, message: '请选择阶段' }]}>
        <Radio.Group options={STAGE_OPTIONS} />
      </Form.Item>
      <RemarkField />
    </>
  );
}
