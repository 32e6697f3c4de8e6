import { useState } from 'react';
import { Alert, Button, InputNumber, Progress, Table, type FormInstance, type TableColumnsType } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { simulateDistribution, type SimulationResult, type SimulationRow } from '../../../../api/crm/distribution';
import { toRuleBody, type RuleForm } from './ruleBody';
import { RULE_LIMITS } from './ruleValidation';

/** The simulator needs no name; a rule not yet named is still a rule to try. */
const UNNAMED = '未命名规则';

const columns = (count: number): TableColumnsType<SimulationRow> => [
  { title: '成员', dataIndex: 'nickName', ellipsis: true },
  {
    title: '将分得',
    key: 'wouldGet',
    width: 240,
    render: (_v, row) => (
      <div className="dist-sim-bar">
        <Progress percent={count ? (row.wouldGet / count) * 100 : 0} status="normal" showInfo={false} size="small" />
        <strong>{row.wouldGet}</strong>
      </div>
    ),
  },
  { title: '今日已分', dataIndex: 'todayBefore', width: 84, align: 'center' },
  { title: '每日上限', dataIndex: 'cap', width: 84, align: 'center', render: (cap: number) => (cap ? cap : '不限') },
  { title: '说明', dataIndex: 'skippedReason', ellipsis: true, render: (v?: string) => v || '-' },
];

/**
 * 模拟分配: "if N leads arrived now, who gets how many", from the rule as the dialog holds it (unsaved
 * changes included) and today's real counts. The server writes nothing.
 */
export default function Simulator({ form }: { form: FormInstance<RuleForm> }) {
  const [count, setCount] = useState<number | null>(100);
  const [result, setResult] = useState<SimulationResult>();
  const [running, setRunning] = useState(false);

  const run = async () => {
    // Only what the allocation needs must be valid; the name and the rest are checked on save.
    await form.validateFields(['members'], { recursive: true });
    const n = count ?? 100;
    const rule = toRuleBody(form.getFieldsValue(true) as RuleForm);
    setRunning(true);
    try {
      const res = await simulateDistribution({ rule: { ...rule, name: rule.name || UNNAMED }, count: n });
      setResult(res.data);
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="dist-sim" aria-label="模拟分配">
      <div className="dist-sim-head">
        <span>如果现在到来</span>
        <InputNumber
          aria-label="模拟线索数"
          min={RULE_LIMITS.simulate.min}
          max={RULE_LIMITS.simulate.max}
          precision={0}
          value={count}
          onChange={setCount}
          style={{ width: 100 }}
        />
        <span>条线索</span>
        {/* A refusal has been shown by the request layer; invalid members show under the table. */}
        <Button icon={<ExperimentOutlined />} loading={running} onClick={() => void run().catch(() => undefined)}>
          模拟分配
        </Button>
        <span className="dist-muted">按当前（未保存的）设置和今日已分数计算，不会真正分配</span>
      </div>
      {result && (
        <>
          {!result.ruleEnabled && <Alert type="info" showIcon title="规则当前为停用状态，启用后才会真正分配" style={{ marginBottom: 8 }} />}
          {result.unassigned > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`${result.unassigned} 条线索无人可分（成员已达上限、不在工作时间或已停用），将留在公海`}
              style={{ marginBottom: 8 }}
            />
          )}
          <Table<SimulationRow>
            rowKey="userId"
            size="small"
            columns={columns(result.count)}
            dataSource={result.members}
            pagination={false}
            tableLayout="fixed"
            aria-label="模拟结果"
          />
        </>
      )}
    </section>
  );
}
