import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Spin, Tag } from 'antd';
import { getNotice, noticeTypeLabel, type Notice } from '../../api/system/notice';
import { sanitizeHtml } from './sanitizeHtml';

/** Read-only view of one notice; the content is administrator HTML, shown sanitised. */
export default function NoticeDetail({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { data, isLoading } = useQuery({
    queryKey: ['notice', notice?.noticeId],
    queryFn: () => getNotice(notice!.noticeId).then((res) => res.data ?? null),
    enabled: notice !== null,
  });
  const shown = data ?? notice;
  return (
    <Modal open={notice !== null} title="公告详情" width={720} footer={null} onCancel={onClose} destroyOnHidden>
      {shown && (
        <article className="notice-detail">
          <h2>{shown.noticeTitle}</h2>
          <div className="notice-detail-meta">
            <Tag color={shown.noticeType === '1' ? 'warning' : 'success'}>{noticeTypeLabel(shown.noticeType)}</Tag>
            {shown.createBy && <span>发布人：{shown.createBy}</span>}
            <span>{shown.createTime}</span>
          </div>
          <Spin spinning={isLoading}>
            {data?.noticeContent ? (
              <div className="notice-detail-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.noticeContent) }} />
            ) : (
              !isLoading && <Empty description="暂无内容" />
            )}
          </Spin>
        </article>
      )}
    </Modal>
  );
}
