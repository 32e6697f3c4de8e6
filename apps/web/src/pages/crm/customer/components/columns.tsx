import { Button, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { CUSTOMER_STAGE_LABELS } from '@acs/shared';
import type { Customer, CustomerQuery } from '../../../../api/crm/customer';
import { HasPermi } from '../../../../components/HasPermi';
import { actionColumn } from '../../../../components/ListPage';
import { parseTime } from '../../../../utils/ruoyi';
import { relativeTime } from '../../../ai/conversation/liveList';
import { sourceLabel, STAGE_COLORS } from '../labels';

export type CustomerColumn = TableColumnType<Customer> & { key: string };

export const PERM = 'crm:customer';

/** The columns the chooser can hide (操作 always stays). */
export const CHOOSABLE = [
  { key: 'name', label: '客户' },
  { key: 'phone', label: '手机号' },
  { key: 'wechat', label: '微信号' },
  { key: 'source', label: '来源' },
  { key: 'tags', label: '标签' },
  { key: 'ownerName', label: '负责人' },
  { key: 'stage', label: '阶段' },
  { key: 'conversationCount', label: '会话' },
  { key: 'leadCount', label: '线索' },
  { key: 'lastSeenTime', label: '最近活跃' },
];

/** Tags on one line; what does not fit ends in an ellipsis and the whole list is the tooltip. */
export function TagLine({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tooltip title={tags.join('、')}>
      <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {tags.map((t) => (
          <Tag key={t} style={{ marginInlineEnd: 4 }}>
            {t}
          </Tag>
        ))}
      </div>
    </Tooltip>
  );
}

/** The phone as the server sent it (masked without crm:customer:phone), else the masked one a chat showed. */
function MainPhone({ row }: { row: Pick<Customer, 'phone' | 'phoneMasked'> }) {
  if (row.phone) return <>{row.phone}</>;
  if (row.phoneMasked) {
    return (
      <Tooltip title="客户在会话中给出的号码已打码">
        <Typography.Text type="secondary">{row.phoneMasked}</Typography.Text>
      </Tooltip>
    );
  }
  return <Typography.Text type="secondary">-</Typography.Text>;
}

/** The phone, and under it the second number the customer gave (「打138…或者150…都行」), if any. */
export function PhoneText({ row }: { row: Pick<Customer, 'phone' | 'phoneMasked' | 'phoneAlt'> }) {
  if (!row.phoneAlt) return <MainPhone row={row} />;
  return (
    <>
      <div>
        <MainPhone row={row} />
      </div>
      <Tooltip title="客户留下的第二个号码">
        <Typography.Text type="secondary">备 {row.phoneAlt}</Typography.Text>
      </Tooltip>
    </>
  );
}

export function StageTag({ stage }: { stage: Customer['stage'] }) {
  return <Tag color={STAGE_COLORS[stage]}>{CUSTOMER_STAGE_LABELS[stage] ?? stage}</Tag>;
}

/** antd's sort state of a column from the applied filters, so 重置 clears the arrow too. */
function sorted(key: string, filters: CustomerQuery): Pick<TableColumnType<Customer>, 'sorter' | 'sortOrder' | 'sortDirections'> {
  const order = filters.orderByColumn === key ? filters.isAsc : undefined;
  return { sorter: true, sortOrder: order === 'ascending' ? 'ascend' : order === 'descending' ? 'descend' : null, sortDirections: ['descend', 'ascend'] };
}

interface ColumnHandlers {
  filters: CustomerQuery;
  now: number;
  /** The user holds crm:customer:query: the name opens the detail. */
  canView: boolean;
  view: (id: number) => void;
  edit: (id: number) => void;
  remove: (ids: number[]) => void;
}

export function customerColumns({ filters, now, canView, view, edit, remove }: ColumnHandlers): CustomerColumn[] {
  return [
    {
      key: 'name',
      title: '客户',
      dataIndex: 'name',
      width: 100,
      ellipsis: true,
      render: (name: string, row) => {
        const text = name || `客户#${row.customerId}`;
        return canView ? <a onClick={() => view(row.customerId!)}>{text}</a> : text;
      },
    },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 112, align: 'center', render: (_v, row) => <PhoneText row={row} /> },
    { key: 'wechat', title: '微信号', dataIndex: 'wechat', width: 110, ellipsis: true, render: (v: string) => v || '-' },
    { key: 'source', title: '来源', dataIndex: 'source', width: 80, align: 'center', render: (v: string) => sourceLabel(v) },
    { key: 'tags', title: '标签', dataIndex: 'tags', width: 130, render: (tags: string[] = []) => <TagLine tags={tags} /> },
    { key: 'ownerName', title: '负责人', dataIndex: 'ownerName', width: 80, ellipsis: true, render: (v: string | null) => v || <Typography.Text type="secondary">公海</Typography.Text> },
    { key: 'stage', title: '阶段', dataIndex: 'stage', width: 64, align: 'center', render: (v: Customer['stage']) => <StageTag stage={v} /> },
    { key: 'conversationCount', title: '会话', dataIndex: 'conversationCount', width: 72, align: 'center', ...sorted('conversationCount', filters) },
    { key: 'leadCount', title: '线索', dataIndex: 'leadCount', width: 72, align: 'center', ...sorted('leadCount', filters) },
    {
      key: 'lastSeenTime',
      title: '最近活跃',
      dataIndex: 'lastSeenTime',
      width: 104,
      align: 'center',
      ...sorted('lastSeenTime', filters),
      render: (v: string) => <span title={parseTime(v)}>{relativeTime(v, now)}</span>,
    },
    {
      ...actionColumn<Customer>(PERM, (row) => row.customerId!, edit, remove, (row) => (
        <HasPermi value={[`${PERM}:query`]}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => view(row.customerId!)}>
            详情
          </Button>
        </HasPermi>
      )),
      key: 'actions',
    },
  ];
}
