import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { REPLY_MATCH_LABELS, REPLY_MATCH_TYPES, type ReplyMatchType } from '@acs/shared';
import { changeRuleStatus, delRules, getRule, listRules, saveRule, type ReplyRule } from '../../../../../api/ai/agent';
import { deleteRows, FormDialog, ListTable, useFormDialog } from '../../../../../components/ListPage';
import { useListPage } from '../../../../../hooks/useListPage';
import VariableTextArea from '../settings/VariableTextArea';
import type { VariableChoice } from '../settings/useVariableChoices';
import { entryColumns } from './entryColumns';

const MATCH_OPTIONS = REPLY_MATCH_TYPES.map((value) => ({ value, label: REPLY_MATCH_LABELS[value] }));
const PATTERN_HINTS: Record<ReplyMatchType, string> = {
  keyword: '消息包含任一关键词即命中，多个关键词用 | 分隔，如：价格|多少钱',
  exact: '消息与内容完全一致才命中',
  regex: 'JavaScript 正则表达式，如：^(你好|您好)$',
};

interface RuleTabProps {
  agentId: number;
  choices: VariableChoice[];
  onChanged: () => void;
}

/** 回复规则: keyword / exact / regex → a fixed reply, checked before the knowledge and the model. */
export default function RuleTab({ agentId, choices, onChanged }: RuleTabProps) {
  const list = useListPage<ReplyRule, object>(`ai/agent/${agentId}/rules`, (q) => listRules(agentId, q), {});
  const reload = () => {
    list.setSelectedKeys([]);
    list.refresh();
    onChanged();
  };
  const save = (rule: ReplyRule) => saveRule(agentId, rule);
  const dialog = useFormDialog<ReplyRule>({
    entity: '回复规则',
    defaults: { matchType: 'keyword', priority: 0, status: '0' },
    api: { get: (id) => getRule(agentId, id), add: save, update: save },
    onSaved: reload,
  });
  const matchType = Form.useWatch('matchType', dialog.form) ?? 'keyword';
  const remove = (ids: number[]) => void deleteRows('回复规则', ids, (x) => delRules(agentId, x), reload);

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.openAdd()}>
          添加规则
        </Button>
        <Button color="danger" variant="outlined" icon={<DeleteOutlined />} disabled={list.selectedKeys.length === 0} onClick={() => remove(list.selectedKeys.map(Number))}>
          删除
        </Button>
      </Space>
      <ListTable<ReplyRule>
        list={list}
        rowKey="ruleId"
        minWidth={860}
        columns={[
          { title: '匹配方式', dataIndex: 'matchType', width: 100, render: (t: ReplyMatchType) => REPLY_MATCH_LABELS[t] },
          { title: '关键词/表达式', dataIndex: 'pattern', ellipsis: true },
          { title: '回复', dataIndex: 'reply', ellipsis: true },
          { title: '优先级', dataIndex: 'priority', width: 70, align: 'center' },
          ...entryColumns<ReplyRule>({
            noun: '规则',
            idOf: (r) => r.ruleId!,
            changeStatus: (id, status) => changeRuleStatus(agentId, id, status),
            onEdit: (id) => dialog.openEdit(id),
            onDelete: (id) => remove([id]),
            reload,
          }),
        ]}
      />
      <FormDialog {...dialog.dialogProps} width={640} labelWidth={100}>
        <Form.Item label="匹配方式" name="matchType" rules={[{ required: true, message: '请选择匹配方式' }]}>
          <Select options={MATCH_OPTIONS} />
        </Form.Item>
        <Form.Item
          label={matchType === 'regex' ? '正则表达式' : '关键词'}
          name="pattern"
          extra={PATTERN_HINTS[matchType as ReplyMatchType]}
          rules={[
            { required: true, whitespace: true, message: '匹配内容不能为空' },
            { max: 500, message: '匹配内容长度不能超过500个字符' },
            {
              validator: (_r, v: string) => {
                if (matchType !== 'regex' || !v) return Promise.resolve();
                try {
                  new RegExp(v, 'i');
                  return Promise.resolve();
                } catch (error) {
                  return Promise.reject(new Error(`正则表达式不合法：${(error as Error).message}`));
                }
              },
            },
          ]}
        >
          <Input maxLength={500} placeholder="请输入匹配内容" />
        </Form.Item>
        <Form.Item label="回复" name="reply" rules={[{ required: true, whitespace: true, message: '回复内容不能为空' }, { max: 2000, message: '回复内容长度不能超过2000个字符' }]}>
          <VariableTextArea label="回复" agentId={agentId} choices={choices} rows={4} maxLength={2000} />
        </Form.Item>
        <Form.Item label="优先级" name="priority" extra="数字越大越先匹配。" rules={[{ required: true, message: '优先级不能为空' }]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="启用" name="status" getValueProps={(v: string) => ({ checked: v === '0' })} normalize={(on: boolean) => (on ? '0' : '1')}>
          <Switch />
        </Form.Item>
      </FormDialog>
    </>
  );
}
