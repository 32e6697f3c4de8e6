import { Checkbox, Form, InputNumber, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { BossRunConfig } from '@acs/shared';
import { updateBossAccount, type BossAccount } from '../../../../api/channel/bossZP';
import { dialogLabelCol } from '../../../../components/ListPage';
import { useFormName } from '../../../../components/ListPage/formName';
import SubmitDialog from '../../../../components/SubmitDialog';
import { toast } from '../../../../utils/feedback';
import { WEEKDAY_OPTIONS } from './runConfig';

const TIME = 'HH:mm';
/** The server's ceiling of a daily cap: only typos are refused, BOSS直聘 tolerates far less. */
const CAP_MAX = 10_000;

interface RunConfigForm {
  window: [Dayjs, Dayjs];
  weekdays: number[];
  dailyGreetings: number;
  dailyReplies: number;
}

const toForm = (c: BossRunConfig): RunConfigForm => ({
  window: [dayjs(c.windowStart, TIME), dayjs(c.windowEnd, TIME)],
  weekdays: c.weekdays,
  dailyGreetings: c.dailyGreetings,
  dailyReplies: c.dailyReplies,
});

const fromForm = (v: RunConfigForm): BossRunConfig => ({
  windowStart: v.window[0].format(TIME),
  windowEnd: v.window[1].format(TIME),
  weekdays: [...v.weekdays].sort((a, b) => a - b),
  dailyGreetings: v.dailyGreetings,
  dailyReplies: v.dailyReplies,
});

const windowRule = {
  validator: (_r: unknown, v?: [Dayjs | null, Dayjs | null] | null) =>
    v?.[0] && v[1] ? Promise.resolve() : Promise.reject(new Error('请选择运行时段的开始和结束时间')),
};

const capRules = (label: string) => [
  { required: true, message: `请输入${label}` },
  { type: 'integer' as const, min: 0, max: CAP_MAX, message: `${label}须为0到${CAP_MAX}之间的整数` },
];

interface Props {
  account: BossAccount;
  onClose: () => void;
  onSaved: () => void;
}

/** 运行配置: when the account works (Beijing time) and how much it may send a day; the server checks both before handing anything out. */
export default function RunConfigDialog({ account, onClose, onSaved }: Props) {
  const [form] = Form.useForm<RunConfigForm>();
  const formName = useFormName('bossRunConfig');

  const submit = async (values: RunConfigForm) => {
    await updateBossAccount({ ...account, runConfig: fromForm(values) });
    toast.success('运行配置已保存');
    onSaved();
    onClose();
  };

  return (
    <SubmitDialog form={form} title={`运行配置 · ${account.recruiterName}`} width={560} onSubmit={submit} onClose={onClose}>
      <Form form={form} name={formName} labelCol={dialogLabelCol(120)} initialValues={toForm(account.runConfig)}>
        <Form.Item
          label="运行时段"
          name="window"
          rules={[windowRule]}
          extra="北京时间；时段外不向自动化客户端下发打招呼和回复。结束早于开始为跨夜（如 22:00–次日 06:00），两者相同为全天。"
        >
          {/* Not reordered: an end before the start is an overnight window. */}
          <TimePicker.RangePicker format={TIME} minuteStep={5} order={false} placeholder={['开始', '结束']} aria-label="运行时段" />
        </Form.Item>
        <Form.Item label="运行日" name="weekdays" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一天' }]}>
          <Checkbox.Group options={WEEKDAY_OPTIONS} />
        </Form.Item>
        <Form.Item label="每日打招呼上限" name="dailyGreetings" rules={capRules('每日打招呼上限')} extra="主动向新候选人发出的第一条消息；0 表示不主动打招呼。">
          <InputNumber aria-label="每日打招呼上限" min={0} max={CAP_MAX} precision={0} addonAfter="次" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item label="每日回复上限" name="dailyReplies" rules={capRules('每日回复上限')} extra="在候选人会话中的回复条数；达到上限后当天不再自动回复。">
          <InputNumber aria-label="每日回复上限" min={0} max={CAP_MAX} precision={0} addonAfter="条" style={{ width: 180 }} />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
