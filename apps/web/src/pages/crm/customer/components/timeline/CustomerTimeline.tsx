import { Alert, Empty, Skeleton, Timeline, type TimelineItemProps } from 'antd';
import type { CapturedField } from '@acs/shared';
import type { CustomerTimeline as Data, TimelineItem } from '../../../../../api/crm/customer';
import { ConversationEntry, EventEntry, FieldEntry, FollowupEntry, LeadEntry } from './entries';
import { evidenceByMessage } from './evidence';
import './timeline.css';

const COLORS: Record<TimelineItem['type'], string> = {
  conversation: 'blue',
  lead: 'orange',
  field: 'gold',
  event: 'gray',
  followup: 'green',
};

function keyOf(item: TimelineItem): string {
  switch (item.type) {
    case 'conversation':
      return `c${item.conversationId}`;
    case 'lead':
      return `l${item.leadId}`;
    case 'field':
      return `f${item.leadId}-${item.field}-${item.value}-${item.messageId ?? ''}`;
    case 'event':
      return `e${item.eventId}`;
    case 'followup':
      return `u${item.followupId}`;
  }
}

function entry(item: TimelineItem, evidence: Map<number, CapturedField[]>, shownMessages: Set<number>) {
  switch (item.type) {
    case 'conversation':
      return <ConversationEntry item={item} evidence={evidence} />;
    case 'lead':
      return <LeadEntry item={item} />;
    case 'field':
      return <FieldEntry item={item} inConversation={item.messageId !== undefined && shownMessages.has(item.messageId)} />;
    case 'event':
      return <EventEntry item={item} />;
    case 'followup':
      return <FollowupEntry item={item} />;
  }
}

/**
 * 客户详情 › 时间线: every channel in one vertical line, newest first: conversations with their
 * messages, leads, captured fields with their evidencing message, history and follow-ups.
 */
export default function CustomerTimeline({ data, loading }: { data: Data | undefined; loading: boolean }) {
  if (loading && !data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!data || data.items.length === 0) return <Empty description="暂无记录" />;
  const evidence = evidenceByMessage(data.items);
  const shownMessages = new Set(data.items.flatMap((i) => (i.type === 'conversation' ? i.messages.map((m) => m.messageId) : [])));
  // Duplicates of one capture (the same field, value and message) are shown once.
  const seen = new Set<string>();
  const items: TimelineItemProps[] = [];
  for (const item of data.items) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ key, color: COLORS[item.type], content: entry(item, evidence, shownMessages) });
  }
  return (
    <>
      {data.truncated && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`记录较多，每类仅显示最近 ${data.limit} 条`} />}
      <Timeline className="customer-timeline" items={items} />
    </>
  );
}
