import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { validateCron } from '@acs/shared/cron';
import { checkInvokeTarget, JOB_NAME_MAX } from '@acs/shared/job';
import { listJobTargets } from '../../../../api/monitor/job';
import { dictChoices, RemarkField } from '../../../../components/ListPage';
import { previewRuns } from '../../../../components/Crontab/preview';
import type { DictOption } from '../../../../hooks/useDict';
import { CONCURRENT_CHOICES, MISFIRE_CHOICES } from './choices';
import CronInput from './CronInput';
import InvokeTargetInput from './InvokeTargetInput';

interface JobFormFieldsProps {
  groups: DictOption[];
  statuses: DictOption[];
}

const TARGET_TIP =
  "从列表选择调用目标并填写参数，或直接输入，如 ryTask.ryParams('ry')。" +
  "参数支持字符串（'ry'）、布尔（true）、长整型（2000L）、浮点型（316.50D）、整型（100）。";

/** The next fire time under the cron field, so a typed expression can be checked without the builder. */
function NextRun() {
  const cron = Form.useWatch<string | undefined>('cronExpression');
  const next = cron ? previewRuns(cron) : undefined;
  if (!next?.times[0]) return null;
  return <span>下次执行：{next.times[0]}</span>;
}

/** The fields of the 添加任务/修改任务 dialog (screens §4.2), two to a row as RuoYi lays them out. */
export default function JobFormFields({ groups, statuses }: JobFormFieldsProps) {
  // 状态 is only offered when editing (the loaded record has its id): a new job is always stored paused.
  const editing = Form.useWatch<number | undefined>('jobId', { preserve: true }) !== undefined;
  const targets = useQuery({ queryKey: ['monitor/job/targets'], queryFn: listJobTargets, staleTime: Infinity });

  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item label="任务名称" name="jobName" rules={[{ required: true, whitespace: true, message: '任务名称不能为空' }]}>
          <Input placeholder="请输入任务名称" maxLength={JOB_NAME_MAX} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="任务分组" name="jobGroup">
          <Select placeholder="请选择任务分组" options={dictChoices(groups)} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          label="调用目标字符串"
          name="invokeTarget"
          tooltip={TARGET_TIP}
          rules={[
            { required: true, whitespace: true, message: '调用目标字符串不能为空' },
            // A warning only: RuoYi clients send any text, and the server's refusal is the one that counts.
            {
              warningOnly: true,
              validator: (_rule, value?: string) => {
                const reason = value?.trim() ? checkInvokeTarget(value.trim()) : null;
                return reason ? Promise.reject(new Error(reason)) : Promise.resolve();
              },
            },
          ]}
        >
          <InvokeTargetInput targets={targets.data?.data ?? []} loading={targets.isPending} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          label="cron表达式"
          name="cronExpression"
          extra={<NextRun />}
          rules={[
            { required: true, whitespace: true, message: 'cron执行表达式不能为空' },
            {
              validator: (_rule, value?: string) => {
                const reason = value?.trim() ? validateCron(value.trim()) : null;
                return reason ? Promise.reject(new Error(`cron表达式不正确：${reason}`)) : Promise.resolve();
              },
            },
          ]}
        >
          <CronInput />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="执行策略" name="misfirePolicy">
          <Radio.Group optionType="button" options={MISFIRE_CHOICES} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="是否并发" name="concurrent">
          <Radio.Group optionType="button" options={CONCURRENT_CHOICES} />
        </Form.Item>
      </Col>
      {editing && (
        <Col xs={24} sm={12}>
          <Form.Item label="状态" name="status">
            <Radio.Group options={dictChoices(statuses)} />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <RemarkField />
      </Col>
    </Row>
  );
}
