import { BellOutlined, NotificationOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popover, Tag } from 'antd';
import { useState } from 'react';
import { listTopNotice, markNoticeRead, markNoticeReadAll, noticeTypeLabel, type Notice } from '../../api/system/notice';
import CountBadge from './CountBadge';
import NoticeDetailDialog from './NoticeDetailDialog';

export const NOTICE_TOP_KEY = ['notice', 'top'];
const unreadLabel = (count: number) => `${count} 条未读`;

/**
 * The latest notice title in the top bar (hidden when there is none) plus a bell listing the newest
 * notices with the unread count. Opening a notice marks it read.
 */
export default function NoticeBar({ compact }: { compact: boolean }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: NOTICE_TOP_KEY, queryFn: listTopNotice });
  const [open, setOpen] = useState<Notice | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const notices = data?.data ?? [];
  const latest = notices[0];
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTICE_TOP_KEY });

  const show = (notice: Notice) => {
    setListOpen(false);
    setOpen(notice);
    if (!notice.isRead) void markNoticeRead(notice.noticeId).then(refresh);
  };
  const readAll = () => {
    const unread = notices.filter((n) => !n.isRead).map((n) => n.noticeId);
    if (unread.length) void markNoticeReadAll(unread).then(refresh);
  };

  if (!latest?.noticeTitle) return null;

  const list = (
    <div className="notice-list">
      {notices.length === 0 && <Empty description="暂无公告" />}
      {notices.map((n) => (
        <button key={n.noticeId} type="button" className={`notice-item${n.isRead ? ' is-read' : ''}`} onClick={() => show(n)}>
          <Tag color={n.noticeType === '1' ? 'warning' : 'success'}>{noticeTypeLabel(n.noticeType)}</Tag>
          <span className="notice-item-title">{n.noticeTitle}</span>
          <span className="notice-item-time">{n.createTime}</span>
        </button>
      ))}
    </div>
  );

  return (
    <div className="notice-bar">
      {!compact && (
        <button type="button" className="notice-latest" onClick={() => show(latest)} title={latest.noticeTitle}>
          <NotificationOutlined />
          <span>{latest.noticeTitle}</span>
        </button>
      )}
      <Popover
        open={listOpen}
        onOpenChange={setListOpen}
        trigger="click"
        placement="bottomRight"
        title={
          <div className="notice-list-head">
            <span>通知公告</span>
            <Button type="link" size="small" onClick={readAll} disabled={!data?.unreadCount}>
              全部已读
            </Button>
          </div>
        }
        content={list}
      >
        <button type="button" className="navbar-icon" aria-label="消息通知" title="消息通知">
          <CountBadge count={data?.unreadCount ?? 0} label={unreadLabel}>
            <BellOutlined />
          </CountBadge>
        </button>
      </Popover>
      <NoticeDetailDialog notice={open} onClose={() => setOpen(null)} />
    </div>
  );
}
