import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT } from '@acs/shared';
import { listNoticeReadUsers, type Notice, type NoticeReadUser } from '../../../../api/system/notice';
import Pagination from '../../../../components/Pagination';

interface ReadUsersDialogProps {
  notice: Notice | null;
  onClose: () => void;
}

const columns = (offset: number): TableColumnsType<NoticeReadUser> => [
  { title: '序号', key: 'index', width: 60, align: 'center', render: (_v, _r, i) => offset + i + 1 },
  { title: '登录名称', dataIndex: 'userName', align: 'center', ellipsis: true },
  { title: '用户名称', dataIndex: 'nickName', align: 'center', ellipsis: true },
  { title: '所属部门', dataIndex: 'deptName', align: 'center', ellipsis: true },
  { title: '手机号码', dataIndex: 'phonenumber', align: 'center', width: 120 },
  { title: '阅读时间', dataIndex: 'readTime', align: 'center', width: 170 },
];

/** 「<title>」已读用户: who has read a notice, searchable by login or user name. */
export default function ReadUsersDialog({ notice, onClose }: ReadUsersDialogProps) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ searchValue: '', pageNum: 1, pageSize: PAGE_SIZE_DEFAULT });
  const noticeId = notice?.noticeId ?? 0;
  const { data, isFetching } = useQuery({
    queryKey: ['notice-read-users', noticeId, query],
    queryFn: () => listNoticeReadUsers({ noticeId, ...query }),
    enabled: noticeId > 0,
    placeholderData: keepPreviousData,
  });
  const search = (searchValue: string) => setQuery((q) => ({ ...q, searchValue, pageNum: 1 }));
  const total = data?.total ?? 0;

  return (
    <Modal
      open={notice !== null}
      title={`「${notice?.noticeTitle ?? ''}」已读用户`}
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) return;
        setDraft('');
        setQuery((q) => ({ ...q, searchValue: '', pageNum: 1 }));
      }}
    >
      <Space style={{ marginBottom: 12, width: '100%' }} wrap>
        <Input
          size="small"
          allowClear
          style={{ width: 220 }}
          placeholder="登录名称 / 用户名称"
          aria-label="登录名称 / 用户名称"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => search(draft)}
        />
        <Button size="small" type="primary" icon={<SearchOutlined />} onClick={() => search(draft)}>
          搜索
        </Button>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => {
            setDraft('');
            search('');
          }}
        >
          重置
        </Button>
        <span className="read-users-count">共 {total} 人已读</span>
      </Space>
      <Table<NoticeReadUser>
        rowKey="userId"
        size="small"
        bordered
        loading={isFetching}
        columns={columns((query.pageNum - 1) * query.pageSize)}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ y: 340 }}
        rowClassName={(_r, i) => (i % 2 ? 'table-row-striped' : '')}
        locale={{ emptyText: '暂无数据' }}
      />
      <Pagination
        total={total}
        page={query.pageNum}
        limit={query.pageSize}
        autoScroll={false}
        onChange={({ page, limit }) => setQuery((q) => ({ ...q, pageNum: page, pageSize: limit }))}
      />
    </Modal>
  );
}
