import { Tag, Typography, type TableColumnsType } from 'antd';
import { CHANNEL_SEND_STATUS_LABELS, type ChannelSendStatus } from '@acs/shared';
import { listDouyinSends, type DouyinAccount, type DouyinSend } from '../../../../api/channel/dyConfig';
import PagedTableDialog from '../../../../components/PagedTableDialog';
import { parseTime } from '../../../../utils/ruoyi';

const STATUS_COLORS: Record<ChannelSendStatus, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** Who the message came from (channel_outbox.send_source). */
const SOURCE_LABELS: Record<string, string> = { ai_auto: 'AI回复', manual: '人工回复' };

const columns: TableColumnsType<DouyinSend> = [
  { title: '时间', dataIndex: 'createTime', width: 160, render: (v: string) => parseTime(v) },
  { title: '内容', dataIndex: 'content', ellipsis: { showTitle: true } },
  { title: '来源', dataIndex: 'sendSource', width: 90, align: 'center', render: (v: string) => SOURCE_LABELS[v] ?? v },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    align: 'center',
    render: (v: ChannelSendStatus) => <Tag color={STATUS_COLORS[v]}>{CHANNEL_SEND_STATUS_LABELS[v] ?? v}</Tag>,
  },
  { title: '尝试', dataIndex: 'attempts', width: 60, align: 'center' },
  {
    title: '结果',
    key: 'result',
    width: 220,
    render: (_, row) =>
      row.error ? (
        <Typography.Text type="danger" ellipsis={{ tooltip: row.error }}>
          {row.error}
        </Typography.Text>
      ) : row.sentTime ? (
        <Typography.Text ellipsis={{ tooltip: row.platformMsgId && `平台消息ID：${row.platformMsgId}` }}>{parseTime(row.sentTime)} 送达</Typography.Text>
      ) : (
        '-'
      ),
  },
];

/** 发送记录: every message sent (or tried) through the account, newest first, with its status and the platform's answer. */
export default function SendsDialog({ account, onClose }: { account: Pick<DouyinAccount, 'accountId' | 'nickname'>; onClose: () => void }) {
  return (
    <PagedTableDialog<DouyinSend>
      title={`发送记录 · ${account.nickname}`}
      onClose={onClose}
      queryKey={['channel/dyConfig/sends', account.accountId]}
      fetch={(page) => listDouyinSends(account.accountId, page)}
      rowKey="sendId"
      columns={columns}
      emptyText="暂无发送记录"
    />
  );
}
