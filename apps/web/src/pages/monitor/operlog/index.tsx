import { useState } from 'react';
import { Button, DatePicker, Form, Select, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { cleanOperlog, delOperlog, listOperlog, type OperLog, type OperLogQuery } from '../../../api/monitor/operlog';
import { HasPermi } from '../../../components/HasPermi';
import {
  confirmAction,
  deleteRows,
  dictChoices,
  dictColumn,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  sortableColumn,
  textColumn,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { parseTime } from '../../../utils/ruoyi';
import OperlogDetail from './components/OperlogDetail';

const PERM = 'monitor:operlog';
/** Newest first, as the RuoYi screen opens; 重置 comes back to it. */
const FILTERS: OperLogQuery = { orderByColumn: 'operTime', isAsc: 'descending' };

/** 操作日志 (screens §4.5): every logged write, filterable by several types at once; detail, delete, 清空, export. */
export default function OperlogPage() {
  const { sys_oper_type: operTypes, sys_common_status: statuses } = useDict('sys_oper_type', 'sys_common_status');
  const list = useListPage<OperLog, OperLogQuery>('monitor/operlog', listOperlog, FILTERS);
  const [detail, setDetail] = useState<OperLog | null>(null);
  const reload = () => {
    list.setSelectedKeys([]);
    list.refresh();
  };
  const sort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };

  const remove = (operIds: number[]) => void deleteRows('日志', operIds, delOperlog, reload);
  const clean = () => void confirmAction('是否确认清空所有操作日志数据项？', cleanOperlog, '清空成功', reload);

  const columns: TableColumnsType<OperLog> = [
    { ...textColumn<OperLog>('日志编号', 'operId'), width: 100 },
    textColumn('系统模块', 'title', true),
    dictColumn('操作类型', 'businessType', operTypes),
    sortableColumn<OperLog>({ ...textColumn<OperLog>('操作人员', 'operName', true), key: 'operName', width: 120 }, sort),
    { ...textColumn<OperLog>('操作地址', 'operIp', true), width: 140 },
    dictColumn('操作状态', 'status', statuses),
    sortableColumn<OperLog>({ title: '操作日期', dataIndex: 'operTime', key: 'operTime', align: 'center', width: 180, render: (v: string) => parseTime(v) }, sort),
    sortableColumn<OperLog>({ title: '消耗时间', dataIndex: 'costTime', key: 'costTime', align: 'center', width: 120, render: (v: number) => `${v}毫秒` }, sort),
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      fixed: 'right',
      width: 90,
      render: (_, row) => (
        <HasPermi value={[`${PERM}:query`]}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(row)}>
            详细
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS} dateRangeWithTimes>
        <SearchText label="操作地址" name="operIp" />
        <SearchText label="系统模块" name="title" />
        <SearchText label="操作人员" name="operName" />
        <Form.Item label="类型" name="businessTypes">
          <Select mode="multiple" placeholder="操作类型" allowClear maxTagCount="responsive" options={dictChoices(operTypes)} style={{ width: 200 }} />
        </Form.Item>
        <SearchDict label="状态" name="status" placeholder="操作状态" options={statuses} />
        <Form.Item label="操作时间" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onDelete={remove} onClean={clean} exportUrl="/monitor/operlog/export" exportName="operlog" />
      <ListTable list={list} rowKey="operId" columns={columns} minWidth={1100} onSort={(next) => list.search(next)} />
      {detail && <OperlogDetail row={detail} operTypes={operTypes} onClose={() => setDetail(null)} />}
    </div>
  );
}
