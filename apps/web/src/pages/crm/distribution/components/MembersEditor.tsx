import { useState } from 'react';
import { Button, Form, InputNumber, Space, Switch, Table, Tag, Tooltip, type FormInstance, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { FormListFieldData } from 'antd/es/form/FormList';
import type { DistributionMember } from '../../../../api/crm/distribution';
import type { Staff } from '../../../../api/crm/staff';
import type { AjaxResult } from '../../../../types/api';
import { toast } from '../../../../utils/feedback';
import StaffSelect from '../../components/StaffSelect';
import MemberSettingsDialog from './MemberSettingsDialog';
import { newMember, type RuleForm } from './ruleBody';
import { intRule, MEMBERS_MAX, RULE_LIMITS } from './ruleValidation';
import { workHoursSummary } from './workHours';

interface Props {
  form: FormInstance<RuleForm>;
}

/** The nickname of a user the staff picker has listed (its searches are cached under crm/staff). */
function useStaffName() {
  const client = useQueryClient();
  return (userId: number) => {
    for (const [, res] of client.getQueriesData<AjaxResult<Staff[]>>({ queryKey: ['crm/staff'] })) {
      const found = res?.data?.find((s) => s.userId === userId);
      if (found) return found.nickName;
    }
    return `#${userId}`;
  };
}

/** A member's value without an input of its own (set by the picker or the settings dialog). */
function Kept(_props: { value?: unknown }) {
  return null;
}

/**
 * Fields without an input still have to be form fields: the dialog saves what the form validates,
 * which is only the registered fields of each member.
 */
const KEPT_FIELDS = ['userId', 'workHours', 'holidays', 'webhookUrl'] as const;

const membersRule = {
  validator: async (_r: unknown, members?: DistributionMember[]) => {
    if (!members?.length) throw new Error('请至少添加一名成员');
    if (members.length > MEMBERS_MAX) throw new Error(`成员不能超过${MEMBERS_MAX}个`);
  },
};

/** 成员: who the rule gives leads to, in round-robin order, with weight, daily cap, calendar and switch. */
export default function MembersEditor({ form }: Props) {
  // preserve: names and today's counts have no field of their own but must show.
  const members = (Form.useWatch('members', { form, preserve: true }) ?? []) as DistributionMember[];
  const method = Form.useWatch('method', form) as RuleForm['method'] | undefined;
  const staffName = useStaffName();
  const [picking, setPicking] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);

  return (
    <Form.List name="members" rules={[membersRule]}>
      {(fields, { add, remove, move }, { errors }) => {
        const addPicked = () => {
          if (picking === null) return;
          if (members.some((m) => m.userId === picking)) {
            toast.warning('该成员已在列表中');
            return;
          }
          add(newMember(picking, staffName(picking)));
          setPicking(null);
        };
        const columns: TableColumnsType<FormListFieldData> = [
          {
            title: '成员',
            key: 'member',
            ellipsis: true,
            render: (_v, field) => {
              const m = members[field.name];
              const inactive = m?.userStatus === '1' ? '已停用' : m?.userStatus === '2' ? '已删除' : '';
              return (
                <span>
                  {KEPT_FIELDS.map((name) => (
                    <Form.Item key={name} name={[field.name, name]} hidden noStyle>
                      <Kept />
                    </Form.Item>
                  ))}
                  {m?.nickName || `#${m?.userId}`}
                  {m?.deptName && <span className="dist-muted">（{m.deptName}）</span>}
                  {inactive && (
                    <Tag color="red" style={{ marginInlineStart: 4 }}>
                      {inactive}
                    </Tag>
                  )}
                </span>
              );
            },
          },
          {
            title: <Tooltip title="按权重分配时，成员分到的比例与权重成正比">权重</Tooltip>,
            key: 'weight',
            width: 96,
            render: (_v, field) => (
              <Form.Item name={[field.name, 'weight']} rules={intRule(RULE_LIMITS.weight)} className="dist-cell">
                <InputNumber aria-label="权重" min={1} max={RULE_LIMITS.weight.max} precision={0} disabled={method !== 'weighted'} style={{ width: '100%' }} />
              </Form.Item>
            ),
          },
          {
            title: <Tooltip title="每天最多从本规则分到的线索数，0 为不限">每日上限</Tooltip>,
            key: 'dailyCap',
            width: 110,
            render: (_v, field) => (
              <Form.Item name={[field.name, 'dailyCap']} rules={intRule(RULE_LIMITS.dailyCap)} className="dist-cell">
                <InputNumber aria-label="每日上限" min={0} max={RULE_LIMITS.dailyCap.max} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            ),
          },
          {
            title: '工作时间 / 休息日',
            key: 'hours',
            ellipsis: true,
            render: (_v, field) => {
              const m = members[field.name];
              const summary = workHoursSummary(m?.workHours ?? []);
              const off = m?.holidays?.length ? `，休 ${m.holidays.length} 天` : '';
              return (
                <Button type="link" size="small" className="dist-hours" onClick={() => setEditing(field.name)} title={`${summary}${off}`}>
                  {summary}
                  {off}
                </Button>
              );
            },
          },
          {
            title: '今日已分',
            key: 'todayAssigned',
            width: 80,
            align: 'center',
            render: (_v, field) => members[field.name]?.todayCount ?? '-',
          },
          {
            title: '启用',
            key: 'enabled',
            width: 64,
            align: 'center',
            render: (_v, field) => (
              <Form.Item name={[field.name, 'enabled']} valuePropName="checked" className="dist-cell">
                <Switch size="small" aria-label="启用" />
              </Form.Item>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 108,
            align: 'center',
            render: (_v, field) => (
              <Space size={0}>
                <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={field.name === 0} onClick={() => move(field.name, field.name - 1)} />
                <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label="下移" disabled={field.name === fields.length - 1} onClick={() => move(field.name, field.name + 1)} />
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="移除成员" onClick={() => remove(field.name)} />
              </Space>
            ),
          },
        ];
        const edited = editing === null ? undefined : members[editing];
        return (
          <>
            <div className="dist-member-add">
              <StaffSelect aria-label="选择成员" value={picking} onChange={(v) => setPicking(typeof v === 'number' ? v : null)} placeholder="搜索姓名或账号添加成员" style={{ width: 280 }} />
              <Button icon={<PlusOutlined />} disabled={picking === null} onClick={addPicked}>
                添加成员
              </Button>
              <span className="dist-muted">轮流分配按列表顺序进行</span>
            </div>
            <Table<FormListFieldData>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={fields}
              pagination={false}
              tableLayout="fixed"
              locale={{ emptyText: '还没有成员，请先添加' }}
            />
            <Form.ErrorList errors={errors} />
            {edited && editing !== null && (
              <MemberSettingsDialog
                name={edited.nickName || `#${edited.userId}`}
                value={{ workHours: edited.workHours ?? [], holidays: edited.holidays ?? [], webhookUrl: edited.webhookUrl ?? '' }}
                onCancel={() => setEditing(null)}
                onOk={(settings) => {
                  form.setFieldValue(['members', editing], { ...edited, ...settings });
                  setEditing(null);
                }}
              />
            )}
          </>
        );
      }}
    </Form.List>
  );
}
