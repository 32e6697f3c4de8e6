import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, DatePicker, Form, Input, Select, Space, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { changeRoleStatus, delRole, listRole, type Role } from '../../../api/system/role';
import { HasPermi } from '../../../components/HasPermi';
import Pagination from '../../../components/Pagination';
import RightToolbar from '../../../components/RightToolbar';
import { useAuth } from '../../../hooks/useAuth';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { confirmDelete, confirmStatusChange } from '../../../utils/crud';
import { download } from '../../../utils/download';
import { parseTime } from '../../../utils/ruoyi';
import DataScopeDialog from './components/DataScopeDialog';
import RoleDialog from './components/RoleDialog';

interface Filters {
  roleName?: string;
  roleKey?: string;
  status?: string;
}

const ADMIN_ROLE_ID = 1;

/** 角色管理 (screens catalogue §3.4). */
export default function RolePage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const list = useListPage<Role, Filters>('system-role', listRole, {});
  const [editing, setEditing] = useState<number | null>(null);
  const [scoping, setScoping] = useState<number | null>(null);
  /** Rows whose switch shows the requested status while the confirmation is open. */
  const [pendingStatus, setPendingStatus] = useState<Record<number, string>>({});

  const selected = list.rows.filter((r) => list.selectedKeys.includes(r.roleId));

  const remove = async (ids: number[]) => {
    try {
      if (await confirmDelete('角色', ids, () => delRole(ids))) {
        list.setSelectedKeys([]);
        list.refresh();
      }
    } catch {
      // The request layer already showed the server's message.
    }
  };

  const toggleStatus = async (role: Role, enable: boolean) => {
    const status = enable ? '0' : '1';
    setPendingStatus((p) => ({ ...p, [role.roleId]: status }));
    try {
      if (await confirmStatusChange('角色', role.roleName, enable, () => changeRoleStatus(role.roleId, status))) list.refresh();
    } catch {
      // Rejected by the server: the switch goes back.
    } finally {
      setPendingStatus(({ [role.roleId]: _done, ...rest }) => rest);
    }
  };

  const saved = () => {
    setEditing(null);
    setScoping(null);
    list.refresh();
  };

  const columns: TableColumnsType<Role> = [
    { title: '角色编号', dataIndex: 'roleId', width: 100 },
    { title: '角色名称', dataIndex: 'roleName', ellipsis: true, width: 150 },
    { title: '权限字符', dataIndex: 'roleKey', ellipsis: true, width: 150 },
    { title: '显示顺序', dataIndex: 'roleSort', width: 100 },
    {
      title: '状态',
      dataIndex: 'status',
      align: 'center',
      width: 100,
      render: (_v, role) => (
        <Switch
          aria-label={`${role.roleName}状态`}
          checked={(pendingStatus[role.roleId] ?? role.status) === '0'}
          disabled={!auth.hasPermi('system:role:edit') || role.roleId === ADMIN_ROLE_ID}
          onChange={(on) => void toggleStatus(role, on)}
        />
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) },
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      render: (_v, role) =>
        role.roleId === ADMIN_ROLE_ID ? null : (
          <Space size={0}>
            <HasPermi value={['system:role:edit']}>
              <Tooltip title="修改">
                <Button type="link" icon={<EditOutlined />} aria-label="修改" onClick={() => setEditing(role.roleId)} />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:role:remove']}>
              <Tooltip title="删除">
                <Button type="link" icon={<DeleteOutlined />} aria-label="删除" onClick={() => void remove([role.roleId])} />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:role:edit']}>
              <Tooltip title="数据权限">
                <Button type="link" icon={<CheckCircleOutlined />} aria-label="数据权限" onClick={() => setScoping(role.roleId)} />
              </Tooltip>
              <Tooltip title="分配用户">
                <Button
                  type="link"
                  icon={<UserOutlined />}
                  aria-label="分配用户"
                  onClick={() => navigate(`/system/role-auth/user/${role.roleId}`)}
                />
              </Tooltip>
            </HasPermi>
          </Space>
        ),
    },
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = list.dateRange.length === 2 ? [dayjs(list.dateRange[0]), dayjs(list.dateRange[1])] : null;

  return (
    <div className="app-container">
      {list.showSearch && (
        <Form layout="inline" style={{ rowGap: 12, marginBottom: 12 }} onFinish={() => list.search()}>
          <Form.Item label="角色名称">
            <Input
              placeholder="请输入角色名称"
              allowClear
              style={{ width: 240 }}
              value={list.filters.roleName}
              onChange={(e) => list.setFilters((f) => ({ ...f, roleName: e.target.value }))}
              onPressEnter={() => list.search()}
            />
          </Form.Item>
          <Form.Item label="权限字符">
            <Input
              placeholder="请输入权限字符"
              allowClear
              style={{ width: 240 }}
              value={list.filters.roleKey}
              onChange={(e) => list.setFilters((f) => ({ ...f, roleKey: e.target.value }))}
              onPressEnter={() => list.search()}
            />
          </Form.Item>
          <Form.Item label="状态">
            <Select
              placeholder="角色状态"
              allowClear
              style={{ width: 240 }}
              value={list.filters.status}
              options={statusOptions.map((o) => ({ label: o.label, value: o.value }))}
              onChange={(v?: string) => list.setFilters((f) => ({ ...f, status: v }))}
            />
          </Form.Item>
          <Form.Item label="创建时间">
            <DatePicker.RangePicker
              placeholder={['开始日期', '结束日期']}
              value={range}
              onChange={(_d, text) => list.setDateRange(text[0] && text[1] ? text : [])}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" icon={<SearchOutlined />} htmlType="submit">
                搜索
              </Button>
              <Button icon={<ReloadOutlined />} onClick={list.reset}>
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}

      <div style={{ display: 'flex', gap: 10, marginBottom: 8, alignItems: 'center' }}>
        <HasPermi value={['system:role:add']}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing(0)}>
            新增
          </Button>
        </HasPermi>
        <HasPermi value={['system:role:edit']}>
          <Button color="green" variant="outlined" icon={<EditOutlined />} disabled={selected.length !== 1} onClick={() => setEditing(selected[0].roleId)}>
            修改
          </Button>
        </HasPermi>
        <HasPermi value={['system:role:remove']}>
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => void remove(selected.map((r) => r.roleId))}>
            删除
          </Button>
        </HasPermi>
        <HasPermi value={['system:role:export']}>
          <Button
            color="orange"
            variant="outlined"
            icon={<DownloadOutlined />}
            onClick={() => void download('/system/role/export', list.exportParams, `role_${Date.now()}.xlsx`)}
          >
            导出
          </Button>
        </HasPermi>
        <RightToolbar showSearch={list.showSearch} onShowSearchChange={list.setShowSearch} onRefresh={list.refresh} />
      </div>

      <Table<Role>
        rowKey="roleId"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: list.selectedKeys, onChange: list.setSelectedKeys }}
      />
      <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} onChange={list.setPage} />

      <RoleDialog roleId={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <DataScopeDialog roleId={scoping} onClose={() => setScoping(null)} onSaved={saved} />
    </div>
  );
}
