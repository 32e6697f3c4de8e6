import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Descriptions, Empty, Input, Popconfirm, Space, Spin, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { CHANNEL_LABELS, CHAT_MESSAGE_MAX, CONVERSATION_STATUS_LABELS, LEAD_FIELD_LABELS } from '@acs/shared';
import type { ConversationDetail as Detail, ConversationMessage } from '../../../../api/ai/conversation';
import { HasPermi } from '../../../../components/HasPermi';
import { customerTitle, HIT_LABELS, LEAD_STATUS_LABELS, STATUS_COLORS } from '../labels';
import HitGrounding from './HitGrounding';

interface Props {
  detail?: Detail;
  loading: boolean;
  busy: boolean;
  onBack?(): void;
  onTakeover(): void;
  onHandback(): void;
  onClose(): void;
  /** Resolves true once the server stored the reply (the box is then cleared). */
  onReply(content: string): Promise<boolean>;
}

function senderLabel(m: ConversationMessage, agentName: string): string {
  if (m.sender === 'customer') return '客户';
  if (m.sender === 'staff') return `人工客服 · ${m.senderName || '客服'}`;
  return `AI · ${m.senderName || agentName}`;
}

function HitBadge({ m }: { m: ConversationMessage }) {
  if (m.sender !== 'ai' || !m.hit) return null;
  const parts = [`耗时 ${m.latencyMs} ms`];
  if (m.promptTokens || m.completionTokens) parts.push(`tokens ${m.promptTokens} + ${m.completionTokens}`);
  if (m.hit.name) parts.push(m.hit.name);
  if (m.hit.score !== undefined) parts.push(`相似度 ${m.hit.score.toFixed(2)}`);
  if (m.hit.error) parts.push(m.hit.error);
  return (
    <Tooltip title={parts.join(' · ')}>
      <Tag className="conv-hit" color={m.hit.type === 'fallback' ? 'red' : 'processing'}>
        {HIT_LABELS[m.hit.type] ?? m.hit.type}
      </Tag>
    </Tooltip>
  );
}

function Record({ detail }: { detail: Detail }) {
  const ref = useRef<HTMLDivElement>(null);
  const count = detail.messages.length;
  useEffect(() => {
    ref.current?.scrollTo({ top: ref.current.scrollHeight });
  }, [count, detail.conversation.conversationId]);
  return (
    <div ref={ref} className="conv-record" role="log" aria-label="会话记录">
      {detail.messages.map((m) =>
        m.sender === 'system' ? (
          <div key={m.messageId} className="conv-system">
            {m.content}
          </div>
        ) : (
          <div key={m.messageId} className={`conv-msg conv-msg-${m.sender}`}>
            <div className="conv-msg-head">
              <span>{senderLabel(m, detail.conversation.agentName)}</span>
              <span className="conv-msg-time">{m.createTime.slice(11, 19)}</span>
              <HitBadge m={m} />
              {m.sendStatus === 'failed' && (
                <Tooltip title={m.error || '平台未收到这条消息'}>
                  <Tag color="error">发送失败</Tag>
                </Tooltip>
              )}
            </div>
            <div className="conv-msg-body">{m.content}</div>
            {m.sender === 'ai' && <HitGrounding hit={m.hit} />}
            {m.leadFields.length > 0 && (
              <div className="conv-msg-lead">
                {m.leadFields.map((f) => (
                  <Tag key={`${f.field}-${f.value}`} color="gold">
                    {LEAD_FIELD_LABELS[f.field]}：{f.value}
                    {f.masked ? '（打码）' : ''}
                  </Tag>
                ))}
              </div>
            )}
          </div>
        ),
      )}
    </div>
  );
}

function CustomerCard({ detail }: { detail: Detail }) {
  const { customer, lead } = detail;
  const phone = lead?.phone || customer?.phone;
  const masked = lead?.phoneMasked || customer?.phoneMasked;
  const evidence = lead?.fields.find((f) => f.field === 'phone') ?? lead?.fields[0];
  return (
    <aside className="conv-customer" aria-label="客户信息">
      <h3>客户信息</h3>
      {customer || lead ? (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="姓名">{lead?.name || customer?.name || '-'}</Descriptions.Item>
          <Descriptions.Item label="手机号">
            {phone ? <Tag color="gold">{phone}</Tag> : masked ? <Tag>{masked}（打码，不可用）</Tag> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="微信号">{lead?.wechat || customer?.wechat || '-'}</Descriptions.Item>
          {evidence && <Descriptions.Item label="依据">“{evidence.evidence}”</Descriptions.Item>}
          {lead && <Descriptions.Item label="线索状态">{LEAD_STATUS_LABELS[lead.status] ?? lead.status}</Descriptions.Item>}
        </Descriptions>
      ) : (
        <p className="conv-muted">尚未留下联系方式</p>
      )}
    </aside>
  );
}

function ReplyBox({ enabled, onReply }: { enabled: boolean; onReply: Props['onReply'] }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!enabled || sending || !text.trim()) return;
    setSending(true);
    const ok = await onReply(text.trim()).finally(() => setSending(false));
    if (ok) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };
  return (
    <div className="conv-reply">
      <Input.TextArea
        aria-label="回复内容"
        value={text}
        disabled={!enabled}
        maxLength={CHAT_MESSAGE_MAX}
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={enabled ? '输入回复，Enter 发送，Shift+Enter 换行' : '接管后可回复客户'}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="primary" disabled={!enabled || !text.trim()} loading={sending} onClick={() => void send()}>
        发送
      </Button>
    </div>
  );
}

export function ConversationDetail({ detail, loading, busy, onBack, onTakeover, onHandback, onClose, onReply }: Props) {
  if (!detail) {
    return (
      <section className="conv-detail conv-detail-empty">
        {loading ? <Spin /> : <Empty description="选择左侧会话查看记录" />}
      </section>
    );
  }
  const c = detail.conversation;
  return (
    <section className="conv-detail" aria-label="会话详情">
      <header className="conv-detail-head">
        {onBack && <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回列表" onClick={onBack} />}
        <div className="conv-detail-title">
          <strong>{customerTitle(c)}</strong>
          <Tag color={STATUS_COLORS[c.status]}>{CONVERSATION_STATUS_LABELS[c.status]}</Tag>
          <span className="conv-muted">
            {c.agentName} · {CHANNEL_LABELS[c.channel] ?? c.channel}
            {c.assigneeName ? ` · 接待：${c.assigneeName}` : ''}
            {c.handoffReason && c.status !== 'ai' ? ` · 转人工：${c.handoffReason}` : ''}
          </span>
        </div>
        <HasPermi value={['ai:conversation:reply']}>
          <Space wrap>
            {(c.status === 'ai' || c.status === 'waiting') && (
              <Button type="primary" loading={busy} onClick={onTakeover}>
                接管
              </Button>
            )}
            {c.status === 'human' && (
              <Button loading={busy} onClick={onHandback}>
                交还AI
              </Button>
            )}
            {c.status !== 'closed' && (
              <Popconfirm title="确认结束该会话吗？" okText="确定" cancelText="取消" onConfirm={onClose}>
                <Button danger loading={busy}>
                  结束会话
                </Button>
              </Popconfirm>
            )}
          </Space>
        </HasPermi>
      </header>
      <Spin spinning={loading} wrapperClassName="conv-detail-spin">
        <div className="conv-detail-body">
          <div className="conv-detail-main">
            <Record detail={detail} />
            <HasPermi value={['ai:conversation:reply']}>
              <ReplyBox enabled={c.status === 'human'} onReply={onReply} />
            </HasPermi>
          </div>
          <CustomerCard detail={detail} />
        </div>
      </Spin>
    </section>
  );
}
