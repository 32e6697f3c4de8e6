import { Button, Switch, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { parseTime } from '../../../../../utils/ruoyi';
import { toggleEntry } from './toggleEntry';

interface Entry {
  status: string;
  hitCount?: number;
  lastHitTime?: string | null;
}

interface EntryColumnsOptions<T> {
  /** What the status switch is called for screen readers: '规则' → '规则12状态'. */
  noun: string;
  idOf: (row: T) => number;
  changeStatus: (id: number, status: string) => Promise<unknown>;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
  reload: () => void;
}

/**
 * The columns a reply rule and a knowledge entry share: hits, last hit, the 状态 switch and 修改 / 删除.
 * No permission gate of their own: the whole 回复 dialog is behind ai:agent:reply, which covers every write in it.
 */
export function entryColumns<T extends Entry>({ noun, idOf, changeStatus, onEdit, onDelete, reload }: EntryColumnsOptions<T>): TableColumnsType<T> {
  return [
    { title: '命中次数', dataIndex: 'hitCount', width: 80, align: 'center' },
    {
      title: '最近命中',
      dataIndex: 'lastHitTime',
      width: 160,
      render: (v?: string | null) => (v ? parseTime(v) : <Typography.Text type="secondary">未命中</Typography.Text>),
    },
    {
      title: '状态',
      key: 'status',
      width: 70,
      align: 'center',
      render: (_v, row) => (
        <Switch
          size="small"
          aria-label={`${noun}${idOf(row)}状态`}
          checked={row.status === '0'}
          onChange={() => void toggleEntry(row.status, (s) => changeStatus(idOf(row), s), reload)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      align: 'center',
      render: (_v, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(idOf(row))}>
            修改
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(idOf(row))}>
            删除
          </Button>
        </span>
      ),
    },
  ];
}
