import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SortAscendingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { delDept, listDept, updateDeptSort, type Dept, type DeptQuery } from '../../../api/system/dept';
import DictTag from '../../../components/DictTag';
import { HasPermi } from '../../../components/HasPermi';
import RightToolbar from '../../../components/RightToolbar';
import { SearchBar } from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useTreeSearch, useTreeTable } from '../../../hooks/useTreeTable';
import { confirmDialog, toast } from '../../../utils/feedback';
import { parseTime } from '../../../utils/ruoyi';
import DeptDialog, { type DeptDialogTarget } from './components/DeptDialog';

const EMPTY_QUERY: DeptQuery = { deptName: undefined, status: undefined };
const NO_DEPTS: Dept[] = [];

/** 部门管理: the department tree (expanded by default) with inline order editing (catalogue §3.7). */
export default function DeptPage() {
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const filters = useTreeSearch(EMPTY_QUERY);
  const [dialog, setDialog] = useState<DeptDialogTarget | null>(null);
  const query = useQuery({ queryKey: ['system-dept', filters.applied], queryFn: () => listDept(filters.applied) });
  const rows = query.data?.data ?? NO_DEPTS;
  const table = useTreeTable(rows, 'deptId', true);
  const refresh = () => void query.refetch();

  const remove = async (dept: Dept) => {
    const ok = await confirmDialog({ content: `是否确认删除名称为"${dept.deptName}"的数据项?` });
    if (!ok) return;
    await delDept(dept.deptId);
    toast.success('删除成功');
    refresh();
  };

  const saveOrder = async () => {
    if (await table.saveOrders((deptIds, orderNums) => updateDeptSort({ deptIds, orderNums }))) refresh();
  };

  return (
    <div className="app-container">
      <SearchBar list={filters.list} initialValues={EMPTY_QUERY}>
        <Form.Item label="部门名称" name="deptName">
          <Input placeholder="请输入部门名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="部门状态" allowClear style={{ width: 200 }} options={statusOptions.map((o) => ({ label: o.label, value: o.value }))} />
        </Form.Item>
      </SearchBar>

      <div style={{ display: 'flex', gap: 10, marginBottom: 8, flexWrap: 'wrap' }}>
        <HasPermi value={['system:dept:add']}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
            新增
          </Button>
        </HasPermi>
        <HasPermi value={['system:dept:edit']}>
          <Button color="orange" variant="outlined" icon={<CheckOutlined />} onClick={() => void saveOrder().catch(() => undefined)}>
            保存排序
          </Button>
        </HasPermi>
        <Button color="default" variant="outlined" icon={<SortAscendingOutlined />} onClick={table.toggleExpandAll}>
          展开/折叠
        </Button>
        <RightToolbar showSearch={filters.showSearch} onShowSearchChange={filters.setShowSearch} onRefresh={refresh} />
      </div>

      <Table<Dept>
        rowKey="deptId"
        size="middle"
        loading={query.isFetching}
        dataSource={table.tree}
        pagination={false}
        expandable={{ expandedRowKeys: table.expandedKeys, onExpandedRowsChange: table.setExpandedKeys }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '部门名称', dataIndex: 'deptName', width: 260 },
          {
            title: '排序',
            dataIndex: 'orderNum',
            width: 200,
            align: 'center',
            render: (_, d) => (
              <InputNumber
                size="small"
                min={0}
                style={{ width: 80 }}
                aria-label={`${d.deptName}排序`}
                value={table.orderOf(d)}
                onChange={(v) => table.setOrder(d, v ?? 0)}
              />
            ),
          },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <DictTag options={statusOptions} value={v} /> },
          { title: '创建时间', dataIndex: 'createTime', width: 200, align: 'center', render: (v: string) => parseTime(v) },
          {
            title: '操作',
            key: 'actions',
            align: 'center',
            render: (_, d) => (
              <Space size={0}>
                <HasPermi value={['system:dept:edit']}>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ mode: 'edit', deptId: d.deptId })}>
                    修改
                  </Button>
                </HasPermi>
                <HasPermi value={['system:dept:add']}>
                  <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', parentId: d.deptId })}>
                    新增
                  </Button>
                </HasPermi>
                {d.parentId !== 0 && (
                  <HasPermi value={['system:dept:remove']}>
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(d).catch(() => undefined)}>
                      删除
                    </Button>
                  </HasPermi>
                )}
              </Space>
            ),
          },
        ]}
      />

      <DeptDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          refresh();
        }}
      />
    </div>
  );
}
