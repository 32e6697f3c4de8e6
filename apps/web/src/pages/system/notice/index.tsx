import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { delNotice, listNotice, type Notice } from '../../../api/system/notice';
import DictTag from '../../../components/DictTag';
import Pagination from '../../../components/Pagination';
import RightToolbar from '../../../components/RightToolbar';
import { useAuth } from '../../../hooks/useAuth';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import NoticeDetail from '../../../layout/Navbar/NoticeDetail';
import { NOTICE_TOP_KEY } from '../../../layout/Navbar/NoticeBar';
import { confirmDelete } from '../../../utils/crud';
import { parseTime } from '../../../utils/ruoyi';
import NoticeDialog from './components/NoticeDialog';
import ReadUsersDialog from './components/ReadUsersDialog';

interface Filters {
  noticeTitle?: string;
  createBy?: string;
  noticeType?: string;
}

const INITIAL: Filters = { noticeTitle: undefined, createBy: undefined, noticeType: undefined };

/** 通知公告 (screens catalogue §3.12). */
export default function NoticePage() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { sys_notice_type: types, sys_notice_status: statuses } = useDict('sys_notice_type', 'sys_notice_status');
  const list = useListPage<Notice, Filters>('system-notice', listNotice, INITIAL);
  const [searchForm] = Form.useForm<Filters>();
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<Notice | null>(null);
  const [readersOf, setReadersOf] = useState<Notice | null>(null);
  const selected = list.selectedKeys.map(Number);

  // The top-bar bell (NOTICE_TOP_KEY) and opened details (['notice', id]) share the 'notice' prefix.
  const refreshNoticeViews = () => queryClient.invalidateQueries({ queryKey: [NOTICE_TOP_KEY[0]] });

  const saved = () => {
    setEditing(null);
    list.refresh();
    void refreshNoticeViews();
  };

  const remove = async (ids: number[]) => {
    try {
      if (!(await confirmDelete('公告', ids, () => delNotice(ids)))) return;
      list.setSelectedKeys([]);
      list.refresh();
      void refreshNoticeViews();
    } catch {
      // The request layer already showed the server's message.
    }
  };

  const search = () => list.search(searchForm.getFieldsValue());
  const reset = () => {
    searchForm.resetFields();
    list.reset();
  };

  const columns: TableColumnsType<Notice> = [
    { title: '序号', dataIndex: 'noticeId', width: 100, align: 'center' },
    {
      title: '公告标题',
      dataIndex: 'noticeTitle',
      align: 'center',
      ellipsis: true,
      render: (title: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row)}>
          {title}
        </Button>
      ),
    },
    { title: '公告类型', dataIndex: 'noticeType', width: 100, align: 'center', render: (v: string) => <DictTag options={types} value={v} /> },
    { title: '状态', dataIndex: 'status', width: 100, align: 'center', render: (v: string) => <DictTag options={statuses} value={v} /> },
    { title: '创建者', dataIndex: 'createBy', width: 100, align: 'center' },
    { title: '创建时间', dataIndex: 'createTime', width: 110, align: 'center', render: (v: string) => parseTime(v, 'YYYY-MM-DD') },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      align: 'center',
      render: (_v, row) => (
        <Space size={0} wrap>
          {auth.hasPermi('system:notice:list') && (
            <Button type="link" size="small" icon={<UserOutlined />} onClick={() => setReadersOf(row)}>
              阅读用户
            </Button>
          )}
          {auth.hasPermi('system:notice:edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row.noticeId)}>
              修改
            </Button>
          )}
          {auth.hasPermi('system:notice:remove') && (
            <Button type="link" size="small" icon={<DeleteOutlined />} onClick={() => void remove([row.noticeId])}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="app-container">
      {list.showSearch && (
        <Form form={searchForm} name="noticeQuery" layout="inline" initialValues={INITIAL} className="search-form" style={{ rowGap: 12, marginBottom: 12 }}>
          <Form.Item name="noticeTitle" label="公告标题">
            <Input placeholder="请输入公告标题" allowClear style={{ width: 200 }} onPressEnter={search} />
          </Form.Item>
          <Form.Item name="createBy" label="操作人员">
            <Input placeholder="请输入操作人员" allowClear style={{ width: 200 }} onPressEnter={search} />
          </Form.Item>
          <Form.Item name="noticeType" label="类型">
            <Select placeholder="公告类型" allowClear options={types} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" icon={<SearchOutlined />} onClick={search}>
                搜索
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}

      <Row gutter={10} style={{ marginBottom: 8 }} align="middle">
        {auth.hasPermi('system:notice:add') && (
          <Col>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing(0)}>
              新增
            </Button>
          </Col>
        )}
        {auth.hasPermi('system:notice:edit') && (
          <Col>
            <Button color="green" variant="outlined" icon={<EditOutlined />} disabled={selected.length !== 1} onClick={() => setEditing(selected[0])}>
              修改
            </Button>
          </Col>
        )}
        {auth.hasPermi('system:notice:remove') && (
          <Col>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => void remove(selected)}>
              删除
            </Button>
          </Col>
        )}
        <RightToolbar showSearch={list.showSearch} onShowSearchChange={list.setShowSearch} onRefresh={list.refresh} />
      </Row>

      <Table<Notice>
        rowKey="noticeId"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        pagination={false}
        rowSelection={{ selectedRowKeys: list.selectedKeys, onChange: list.setSelectedKeys }}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无数据' }}
      />
      <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} onChange={list.setPage} />

      <NoticeDialog noticeId={editing} types={types} statuses={statuses} onClose={() => setEditing(null)} onSaved={saved} />
      <ReadUsersDialog notice={readersOf} onClose={() => setReadersOf(null)} />
      <NoticeDetail notice={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
