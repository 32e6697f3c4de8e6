import { Descriptions, Divider, Drawer, Empty, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CHANNEL_LABELS } from '@acs/shared';
import { getCustomer, getCustomerTimeline, type CustomerDetail, type CustomerIdentity } from '../../../../api/crm/customer';
import { parseTime } from '../../../../utils/ruoyi';
import { sourceLabel } from '../labels';
import { PhoneText, StageTag, TagLine } from './columns';
import CustomerTimeline from './timeline/CustomerTimeline';

const platformLabel = (p: string) => CHANNEL_LABELS[p as keyof typeof CHANNEL_LABELS] ?? p;

function Identities({ identities }: { identities: CustomerIdentity[] }) {
  if (identities.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {identities.map((i) => (
        <Tag key={`${i.platform}:${i.uid}`} title={i.uid} style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {platformLabel(i.platform)}：{i.uid}
        </Tag>
      ))}
    </div>
  );
}

function Fields({ c }: { c: CustomerDetail }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'name', label: '客户名称', children: c.name || '-' },
        { key: 'phone', label: '手机号', children: <PhoneText row={c} /> },
        { key: 'wechat', label: '微信号', children: c.wechat || '-' },
        { key: 'stage', label: '阶段', children: <StageTag stage={c.stage} /> },
        { key: 'owner', label: '负责人', children: c.ownerName || '公海' },
        { key: 'source', label: '来源', children: sourceLabel(c.source) },
        { key: 'counts', label: '会话 / 线索', children: `${c.conversationCount ?? 0} / ${c.leadCount ?? 0}` },
        { key: 'firstSeen', label: '首次接触', children: parseTime(c.firstSeenTime) },
        { key: 'lastSeen', label: '最近活跃', children: parseTime(c.lastSeenTime) },
        { key: 'tags', label: '标签', span: 'filled', children: <TagLine tags={c.tags ?? []} /> },
        { key: 'identities', label: '渠道身份', span: 'filled', children: <Identities identities={c.identities ?? []} /> },
        { key: 'remark', label: '备注', span: 'filled', children: <span style={{ whiteSpace: 'pre-wrap' }}>{c.remark || '-'}</span> },
      ]}
    />
  );
}

/** 客户详情: the customer's fields and identities, then the timeline across channels. */
export default function CustomerDrawer({ customerId, onClose }: { customerId: number | undefined; onClose: () => void }) {
  const open = customerId !== undefined;
  const detail = useQuery({
    queryKey: ['crm/customer/detail', customerId],
    queryFn: () => getCustomer(customerId!).then((r) => r.data!),
    enabled: open,
  });
  const timeline = useQuery({
    queryKey: ['crm/customer/timeline', customerId],
    queryFn: () => getCustomerTimeline(customerId!).then((r) => r.data!),
    enabled: open,
  });

  return (
    <Drawer open={open} title="客户详情" size="72%" onClose={onClose} destroyOnHidden>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : detail.data ? (
        <Fields c={detail.data} />
      ) : (
        <Empty description="客户信息加载失败" />
      )}
      <Divider titlePlacement="start">时间线</Divider>
      {timeline.isError ? <Empty description="时间线加载失败" /> : <CustomerTimeline data={timeline.data} loading={timeline.isFetching} />}
    </Drawer>
  );
}
