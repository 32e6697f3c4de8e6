import { Badge, Button, Empty, Input, Radio, Select, Spin, Tag } from 'antd';
import { CHANNEL_LABELS, CONVERSATION_STATUSES, CONVERSATION_STATUS_LABELS, type ConversationStatus } from '@acs/shared';
import type { ConversationRow } from '../../../../api/ai/conversation';
import { relativeTime, type ConversationFilters } from '../liveList';
import { customerTitle, STATUS_COLORS } from '../labels';

export type StatusCounts = Partial<Record<ConversationStatus | 'all', number>>;

interface Props {
  rows: ConversationRow[];
  total: number;
  loading: boolean;
  counts: StatusCounts;
  filters: ConversationFilters;
  agents: Map<number, string>;
  selectedId?: number;
  unread: ReadonlySet<number>;
  now: number;
  onFilters(f: ConversationFilters): void;
  onSelect(id: number): void;
  onMore(): void;
}

const TAB_ORDER: ConversationStatus[] = ['waiting', 'human', 'ai', 'closed'];

export function ConversationList(props: Props) {
  const { rows, total, loading, counts, filters, agents, selectedId, unread, now, onFilters, onSelect, onMore } = props;
  const tabLabel = (label: string, count: number | undefined) => (count === undefined ? label : `${label} ${count}`);
  return (
    <section className="conv-list" aria-label="会话列表">
      <Radio.Group
        className="conv-tabs"
        size="small"
        optionType="button"
        buttonStyle="solid"
        aria-label="会话状态"
        value={filters.status ?? 'all'}
        onChange={(e) => {
          const key = e.target.value as ConversationStatus | 'all';
          onFilters({ ...filters, status: key === 'all' ? undefined : key });
        }}
        options={[
          { value: 'all', label: tabLabel('全部', counts.all) },
          ...TAB_ORDER.filter((s) => CONVERSATION_STATUSES.includes(s)).map((s) => ({
            value: s,
            label: tabLabel(CONVERSATION_STATUS_LABELS[s], counts[s]),
          })),
        ]}
      />
      <div className="conv-filters">
        <Select
          allowClear
          placeholder="全部客服"
          aria-label="客服"
          value={filters.agentId}
          onChange={(agentId?: number) => onFilters({ ...filters, agentId })}
          options={[...agents].map(([value, label]) => ({ value, label }))}
        />
        <Select
          allowClear
          placeholder="全部渠道"
          aria-label="渠道"
          value={filters.channel}
          onChange={(channel?: string) => onFilters({ ...filters, channel })}
          options={Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <Input.Search
          allowClear
          placeholder="客户、手机号或消息"
          aria-label="搜索会话"
          defaultValue={filters.keyword}
          onSearch={(keyword) => onFilters({ ...filters, keyword: keyword.trim() || undefined })}
        />
      </div>
      <Spin spinning={loading}>
        <ul className="conv-rows">
          {rows.map((row) => (
            <li key={row.conversationId}>
              <button
                type="button"
                className={[
                  'conv-row',
                  row.conversationId === selectedId ? 'conv-row-active' : '',
                  row.status === 'waiting' ? 'conv-row-waiting' : '',
                ].join(' ')}
                aria-current={row.conversationId === selectedId}
                onClick={() => onSelect(row.conversationId)}
              >
                <div className="conv-row-top">
                  <Badge dot={unread.has(row.conversationId)} offset={[4, 0]}>
                    <strong className="conv-row-name">{customerTitle(row)}</strong>
                  </Badge>
                  {row.phone && (
                    <Tag color="gold" className="conv-phone">
                      {row.phone}
                    </Tag>
                  )}
                  <span className="conv-row-time">{relativeTime(row.lastMessageTime ?? row.createTime, now)}</span>
                </div>
                <div className="conv-row-last">{row.lastMessage || '（暂无消息）'}</div>
                <div className="conv-row-meta">
                  <Tag color={STATUS_COLORS[row.status]}>{CONVERSATION_STATUS_LABELS[row.status]}</Tag>
                  <span>{row.agentName}</span>
                  <span>· {CHANNEL_LABELS[row.channel] ?? row.channel}</span>
                  {row.assigneeName && <span>· {row.assigneeName}</span>}
                </div>
              </button>
            </li>
          ))}
        </ul>
        {!loading && rows.length === 0 && <Empty description="暂无会话" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {rows.length < total && (
          <Button block type="link" onClick={onMore}>
            加载更多（{rows.length}/{total}）
          </Button>
        )}
      </Spin>
    </section>
  );
}
