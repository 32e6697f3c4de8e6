import { Col, Divider, Form, InputNumber, Radio, Row, Select, Input, type FormInstance } from 'antd';
import {
  CRM_TEXT_MAX,
  DISTRIBUTION_METHOD_LABELS,
  DISTRIBUTION_METHODS,
  RECLAIM_TARGET_LABELS,
  RECLAIM_TARGETS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
} from '@acs/shared';
import { RemarkField, TextField } from '../../../../components/ListPage';
import { useAuth } from '../../../../hooks/useAuth';
import { useAgentOptions } from '../../../ai/variable/components/useAgentOptions';
import { CHANNEL_OPTIONS, SOURCE_OPTIONS } from '../../customerLeave/components/leadLabels';
import MembersEditor from './MembersEditor';
import type { RuleForm } from './ruleBody';
import { intRule, RULE_LIMITS, SCOPE_AGENTS_MAX, webhookUrlRule } from './ruleValidation';
import Simulator from './Simulator';

const METHOD_OPTIONS = DISTRIBUTION_METHODS.map((value) => ({ value, label: DISTRIBUTION_METHOD_LABELS[value] }));
const RECLAIM_OPTIONS = RECLAIM_TARGETS.map((value) => ({ value, label: RECLAIM_TARGET_LABELS[value] }));
const WEBHOOK_OPTIONS = [{ value: '', label: '不通知' }, ...WEBHOOK_KINDS.map((value) => ({ value, label: WEBHOOK_KIND_LABELS[value] }))];
const STATUS_OPTIONS = [
  { value: '0', label: '启用' },
  { value: '1', label: '停用' },
];

const minutes = (label: string) => <InputNumber aria-label={label} min={0} precision={0} suffix="分钟" style={{ width: '100%' }} />;

/** Webhook URLs (the rule's or a member's) need the robot's kind to format the message. */
function webhookKindRule(form: FormInstance<RuleForm>) {
  return {
    validator: async (_r: unknown, kind: string) => {
      const values = form.getFieldsValue(true) as RuleForm;
      const wantsWebhook = Boolean(values.webhookUrl?.trim()) || (values.members ?? []).some((m) => Boolean(m.webhookUrl));
      if (wantsWebhook && !kind) throw new Error('填写机器人地址时请选择机器人类型');
    },
  };
}

/** The fields of the rule dialog: basics, scope, deadlines and reclaim, notification, members and the simulator. */
export default function RuleFields({ form }: { form: FormInstance<RuleForm> }) {
  // The agent list needs its own permission; without it the scope keeps its agents as they are.
  const agents = useAgentOptions(useAuth().hasPermi('ai:agent:list'));
  const reclaimMinutes = Form.useWatch('reclaimMinutes', form) as number | undefined;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <TextField label="规则名称" name="name" required="规则名称不能为空" maxLength={CRM_TEXT_MAX.ruleName} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="优先级" name="priority" rules={intRule(RULE_LIMITS.priority)} tooltip="数字小的先匹配：线索交给第一条范围匹配且启用的规则">
            <InputNumber aria-label="优先级" min={0} max={RULE_LIMITS.priority.max} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="分配方式" name="method" rules={[{ required: true, message: '请选择分配方式' }]}>
            <Select aria-label="分配方式" options={METHOD_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="状态" name="status">
            <Radio.Group options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        适用范围（不选表示全部）
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="渠道" name={['scope', 'channels']}>
            <Select aria-label="适用渠道" mode="multiple" allowClear placeholder="全部渠道" options={CHANNEL_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="AI客服" name={['scope', 'agentIds']} rules={[{ type: 'array', max: SCOPE_AGENTS_MAX, message: `适用客服不能超过${SCOPE_AGENTS_MAX}个` }]}>
            <Select aria-label="适用客服" mode="multiple" allowClear placeholder="全部客服" options={agents} optionFilterProp="label" maxTagCount="responsive" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="来源" name={['scope', 'sources']}>
            <Select aria-label="线索来源" mode="multiple" allowClear placeholder="全部来源" options={SOURCE_OPTIONS} maxTagCount="responsive" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        时限与回收
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="首次联系" name="firstContactMinutes" rules={intRule(RULE_LIMITS.firstContactMinutes)} tooltip="分配后须在此时间内跟进，超时标为已逾期；0 为不限">
            {minutes('首次联系时限')}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="回收时间" name="reclaimMinutes" rules={intRule(RULE_LIMITS.reclaimMinutes)} tooltip="分配后超过该时间无跟进即回收；0 为不回收">
            {minutes('回收时间')}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="回收去向" name="reclaimTo">
            <Select aria-label="回收去向" options={RECLAIM_OPTIONS} disabled={!reclaimMinutes} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        分配通知（群机器人）
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="机器人" name="webhookKind" dependencies={['webhookUrl']} rules={[webhookKindRule(form)]}>
            <Select aria-label="机器人类型" options={WEBHOOK_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label="机器人地址" name="webhookUrl" rules={[webhookUrlRule]}>
            <Input placeholder="https://…（成员可另设个人机器人）" maxLength={CRM_TEXT_MAX.webhookUrl} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        成员
      </Divider>
      <MembersEditor form={form} />
      <Divider titlePlacement="start" plain>
        模拟分配
      </Divider>
      <Simulator form={form} />
      <div style={{ marginTop: 16 }}>
        <RemarkField />
      </div>
    </>
  );
}
