import { Button, Checkbox, DatePicker, Form, Input, Modal, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { CRM_TEXT_MAX } from '@acs/shared';
import type { DistributionMember } from '../../../../api/crm/distribution';
import { dialogLabelCol } from '../../../../components/ListPage';
import { flattenPeriods, groupPeriods, minutesOf, WEEKDAYS, type PeriodGroup } from './workHours';
import { webhookUrlRule } from './ruleValidation';
import { useFormName } from '../../../../components/ListPage/formName';

type MemberSettings = Pick<DistributionMember, 'workHours' | 'holidays' | 'webhookUrl'>;

interface SettingsForm {
  periods: PeriodGroup[];
  holidays: Dayjs[];
  webhookUrl: string;
}

interface Props {
  name: string;
  value: MemberSettings;
  onOk: (value: MemberSettings) => void;
  onCancel: () => void;
}

const TIME = 'HH:mm';
const DATE = 'YYYY-MM-DD';
const DAY_OPTIONS = WEEKDAYS.map((label, i) => ({ label, value: i + 1 }));
/** 'HH:mm' in the form, a Dayjs in the picker. */
const timeProps = {
  getValueProps: (v: string) => ({ value: v ? dayjs(v, TIME) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format(TIME) : ''),
};

/** A member's calendar: working periods by weekday, days off, and a group robot of their own. */
export default function MemberSettingsDialog({ name, value, onOk, onCancel }: Props) {
  const [form] = Form.useForm<SettingsForm>();
  const formName = useFormName('memberSettings');
  const initialValues: SettingsForm = {
    periods: groupPeriods(value.workHours),
    holidays: value.holidays.map((d) => dayjs(d, DATE)),
    webhookUrl: value.webhookUrl,
  };

  const submit = async () => {
    const v = await form.validateFields();
    onOk({
      workHours: flattenPeriods(v.periods ?? []),
      holidays: [...new Set((v.holidays ?? []).map((d) => d.format(DATE)))].sort(),
      webhookUrl: (v.webhookUrl ?? '').trim(),
    });
  };

  return (
    <Modal open title={`成员设置 · ${name}`} width={640} okText="确 定" cancelText="取 消" onOk={() => void submit().catch(() => undefined)} onCancel={onCancel} destroyOnHidden>
      <Form form={form} name={formName} initialValues={initialValues} labelCol={dialogLabelCol(100)}>
        <Form.Item label="工作时间" tooltip="不设时段表示全天可分配；结束时间 00:00 表示到当天结束（中国时间）">
          <Form.List name="periods">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && <div className="dist-muted dist-line">全天可分配</div>}
                {fields.map((field) => (
                  <div key={field.key} className="dist-period" role="group" aria-label={`时段${field.name + 1}`}>
                    <Form.Item name={[field.name, 'days']} rules={[{ required: true, type: 'array', min: 1, message: '请选择工作日' }]}>
                      <Checkbox.Group options={DAY_OPTIONS} />
                    </Form.Item>
                    <div className="dist-period-time">
                      <Form.Item name={[field.name, 'start']} {...timeProps} rules={[{ required: true, message: '请选择开始时间' }]}>
                        <TimePicker format={TIME} placeholder="开始时间" aria-label="开始时间" minuteStep={5} />
                      </Form.Item>
                      <span>至</span>
                      <Form.Item
                        name={[field.name, 'end']}
                        {...timeProps}
                        dependencies={[['periods', field.name, 'start']]}
                        rules={[
                          { required: true, message: '请选择结束时间' },
                          ({ getFieldValue }) => ({
                            validator: (_r, end: string) => {
                              const start = getFieldValue(['periods', field.name, 'start']) as string;
                              return !start || !end || minutesOf(start) < minutesOf(end, true)
                                ? Promise.resolve()
                                : Promise.reject(new Error('开始时间必须早于结束时间'));
                            },
                          }),
                        ]}
                      >
                        <TimePicker format={TIME} placeholder="结束时间" aria-label="结束时间" minuteStep={5} />
                      </Form.Item>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除时段" onClick={() => remove(field.name)} />
                    </div>
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' })}>
                  添加时段
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label="休息日" name="holidays" tooltip="这些日期不分配给该成员">
          <DatePicker multiple format={DATE} placeholder="选择日期（可多选）" aria-label="休息日" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="个人机器人" name="webhookUrl" rules={[webhookUrlRule]} tooltip="分到线索时通知该地址；不填则只用规则的机器人">
          <Input placeholder="https://…" maxLength={CRM_TEXT_MAX.webhookUrl} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
