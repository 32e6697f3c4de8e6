import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, DatePicker, Form, Input, Select, Space, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { getConfigKey } from '../../../api/system/config';
import { changeUserStatus, delUser, deptTreeSelect, listUser, type SysUser, type UserQuery } from '../../../api/system/user';
import type { TreeNode } from '../../../types/api';
import { HasPermi } from '../../../components/HasPermi';
import Pagination from '../../../components/Pagination';
import RightToolbar, { type ToolbarColumn } from '../../../components/RightToolbar';
import { useAuth } from '../../../hooks/useAuth';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { confirmDelete, confirmStatusChange } from '../../../utils/crud';
import { download } from '../../../utils/download';
import { parseTime } from '../../../utils/ruoyi';
import DeptTreePanel from './DeptTreePanel';
import ImportDialog from './ImportDialog';
import ResetPwdDialog from './ResetPwdDialog';
import UserDetail from './UserDetail';
import UserDialog from './UserDialog';

const SUPER_ADMIN_ID = 1;
const COLUMNS_KEY = 'user-columns';
const CHOOSABLE: { key: string; label: string }[] = [
  { key: 'userId', label: '用户编号' },
  { key: 'userName', label: '用户名称' },
  { key: 'nickName', label: '用户昵称' },
  { key: 'deptName', label: '部门' },
  { key: 'phonenumber', label: '手机号码' },
  { key: 'status', label: '状态' },
  { key: 'createTime', label: '创建时间' },
];

function storedColumns(): ToolbarColumn[] {
  const hidden = new Set<string>(JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? '[]') as string[]);
  return CHOOSABLE.map((c) => ({ ...c, visible: !hidden.has(c.key) }));
}

/** 用户管理 (screens §3.1). */
export default function User() {
  const navigate = useNavigate();
  const auth = useAuth();
  const { sys_normal_disable: statuses = [] } = useDict('sys_normal_disable');
  const list = useListPage<SysUser, UserQuery>('system-user', listUser, {});
  const [draft, setDraft] = useState<UserQuery>({});
  const [deptTree, setDeptTree] = useState<TreeNode[]>([]);
  const [treeLoading, setTreeLoading] = useState(false);
  const [initPassword, setInitPassword] = useState('');
  const [columns, setColumns] = useState(storedColumns);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | undefined>(undefined);
  const [resetting, setResetting] = useState<SysUser | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [pendingStatus, setPendingStatus] = useState<Record<number, string>>({});

  const loadTree = useCallback(() => {
    setTreeLoading(true);
    deptTreeSelect()
      .then((res) => setDeptTree(res.data ?? []))
      .catch(() => setDeptTree([]))
      .finally(() => setTreeLoading(false));
  }, []);

  useEffect(() => {
    loadTree();
    getConfigKey('sys.user.initPassword').then(setInitPassword).catch(() => setInitPassword(''));
  }, [loadTree]);

  const closeDetail = useCallback(() => setViewing(undefined), []);

  const changeColumns = (next: ToolbarColumn[]) => {
    setColumns(next);
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(next.filter((c) => !c.visible).map((c) => c.key)));
  };

  const search = (extra: Partial<UserQuery> = {}) => {
    const next = { ...draft, ...extra };
    setDraft(next);
    list.search(next);
  };

  const reset = () => {
    setDraft({});
    list.reset();
  };

  const remove = async (ids: React.Key[]) => {
    if (await confirmDelete('用户', ids, () => delUser(ids))) {
      list.setSelectedKeys([]);
      list.refresh();
    }
  };

  const toggleStatus = async (row: SysUser, enable: boolean) => {
    const status = enable ? '0' : '1';
    setPendingStatus((p) => ({ ...p, [row.userId]: status }));
    try {
      if (await confirmStatusChange('用户', row.userName, enable, () => changeUserStatus(row.userId, status))) list.refresh();
    } catch {
      // The request layer already showed the error; the switch goes back below.
    } finally {
      setPendingStatus((p) => {
        const { [row.userId]: _done, ...rest } = p;
        return rest;
      });
    }
  };

  const visible = new Set(columns.filter((c) => c.visible).map((c) => c.key));
  const allColumns: (TableColumnsType<SysUser>[number] & { key: string })[] = [
    { key: 'userId', title: '用户编号', dataIndex: 'userId', align: 'center' },
    {
      key: 'userName',
      title: '用户名称',
      dataIndex: 'userName',
      align: 'center',
      ellipsis: true,
      render: (v: string, row) => <a onClick={() => setViewing(row.userId)}>{v}</a>,
    },
    { key: 'nickName', title: '用户昵称', dataIndex: 'nickName', align: 'center', ellipsis: true },
    { key: 'deptName', title: '部门', align: 'center', ellipsis: true, render: (_v, row) => row.dept?.deptName },
    { key: 'phonenumber', title: '手机号码', dataIndex: 'phonenumber', align: 'center', width: 120 },
    {
      key: 'status',
      title: '状态',
      align: 'center',
      render: (_v, row) => (
        <Switch
          aria-label={`状态 ${row.userName}`}
          checked={(pendingStatus[row.userId] ?? row.status) === '0'}
          disabled={!auth.hasPermi('system:user:edit')}
          onChange={(on) => void toggleStatus(row, on)}
        />
      ),
    },
    { key: 'createTime', title: '创建时间', dataIndex: 'createTime', align: 'center', width: 170, render: (v: string) => parseTime(v) },
    {
      key: 'actions',
      title: '操作',
      align: 'center',
      width: 160,
      render: (_v, row) =>
        row.userId === SUPER_ADMIN_ID ? null : (
          <Space size={0}>
            <HasPermi value={['system:user:edit']}>
              <Tooltip title="修改">
                <Button type="link" aria-label="修改" icon={<EditOutlined />} onClick={() => setEditing(row.userId)} />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:remove']}>
              <Tooltip title="删除">
                <Button type="link" aria-label="删除" icon={<DeleteOutlined />} onClick={() => void remove([row.userId])} />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:resetPwd']}>
              <Tooltip title="重置密码">
                <Button type="link" aria-label="重置密码" icon={<KeyOutlined />} onClick={() => setResetting(row)} />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:edit']}>
              <Tooltip title="分配角色">
                <Button
                  type="link"
                  aria-label="分配角色"
                  icon={<CheckCircleOutlined />}
                  onClick={() => navigate(`/system/user-auth/role/${row.userId}`)}
                />
              </Tooltip>
            </HasPermi>
          </Space>
        ),
    },
  ];

  const selected = list.selectedKeys;
  return (
    <div className="app-container" style={{ display: 'flex', gap: 12 }}>
      <DeptTreePanel
        tree={deptTree}
        loading={treeLoading}
        selected={draft.deptId}
        onSelect={(deptId) => search({ deptId })}
        onRefresh={loadTree}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        {list.showSearch && (
          <Form layout="inline" style={{ marginBottom: 8, rowGap: 8 }}>
            <Form.Item label="用户名称">
              <Input
                placeholder="请输入用户名称"
                allowClear
                style={{ width: 200 }}
                value={draft.userName}
                onChange={(e) => setDraft({ ...draft, userName: e.target.value })}
                onPressEnter={() => search()}
              />
            </Form.Item>
            <Form.Item label="手机号码">
              <Input
                placeholder="请输入手机号码"
                allowClear
                style={{ width: 200 }}
                value={draft.phonenumber}
                onChange={(e) => setDraft({ ...draft, phonenumber: e.target.value })}
                onPressEnter={() => search()}
              />
            </Form.Item>
            <Form.Item label="状态">
              <Select
                placeholder="用户状态"
                allowClear
                style={{ width: 200 }}
                value={draft.status}
                onChange={(status?: string) => setDraft({ ...draft, status })}
                options={statuses.map((d) => ({ value: d.value, label: d.label }))}
              />
            </Form.Item>
            <Form.Item label="创建时间">
              <DatePicker.RangePicker
                style={{ width: 240 }}
                placeholder={['开始日期', '结束日期']}
                value={list.dateRange.length === 2 ? [dayjs(list.dateRange[0]), dayjs(list.dateRange[1])] : null}
                onChange={(_d, s) => list.setDateRange(s[0] && s[1] ? s : [])}
              />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" icon={<SearchOutlined />} onClick={() => search()}>
                  搜索
                </Button>
                <Button icon={<ReloadOutlined />} onClick={reset}>
                  重置
                </Button>
              </Space>
            </Form.Item>
          </Form>
        )}
        <div style={{ display: 'flex', gap: 8, marginBottom: 8, flexWrap: 'wrap' }}>
          <HasPermi value={['system:user:add']}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新增
            </Button>
          </HasPermi>
          <HasPermi value={['system:user:edit']}>
            <Button
              ghost
              style={{ color: '#67c23a', borderColor: '#67c23a' }}
              icon={<EditOutlined />}
              disabled={selected.length !== 1}
              onClick={() => setEditing(Number(selected[0]))}
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi value={['system:user:remove']}>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => void remove(selected)}>
              删除
            </Button>
          </HasPermi>
          <HasPermi value={['system:user:import']}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          </HasPermi>
          <HasPermi value={['system:user:export']}>
            <Button
              icon={<DownloadOutlined />}
              style={{ color: '#e6a23c', borderColor: '#e6a23c' }}
              onClick={() => void download('/system/user/export', list.exportParams, `user_${Date.now()}.xlsx`)}
            >
              导出
            </Button>
          </HasPermi>
          <RightToolbar
            showSearch={list.showSearch}
            onShowSearchChange={list.setShowSearch}
            onRefresh={list.refresh}
            columns={columns}
            onColumnsChange={changeColumns}
          />
        </div>
        <Table<SysUser>
          rowKey="userId"
          size="middle"
          loading={list.loading}
          dataSource={list.rows}
          columns={allColumns.filter((c) => c.key === 'actions' || visible.has(c.key))}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: list.setSelectedKeys,
            getCheckboxProps: (row) => ({ disabled: row.userId === SUPER_ADMIN_ID }),
          }}
        />
        <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} onChange={list.setPage} />
      </div>
      <UserDialog
        userId={editing}
        deptTree={deptTree}
        initPassword={initPassword}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.refresh();
        }}
      />
      <UserDetail userId={viewing} onClose={closeDetail} />
      <ResetPwdDialog user={resetting} onClose={() => setResetting(undefined)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={list.refresh} />
    </div>
  );
}
