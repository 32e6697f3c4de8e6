import { useState } from 'react';
import { Button, DatePicker, Form, Select } from 'antd';
import { DeleteOutlined, DownloadOutlined, LayoutOutlined } from '@ant-design/icons';
import { delApply, listApply, type ApplyQuery, type ApplyRow } from '../../../api/crm/apply';
import { HasPermi } from '../../../components/HasPermi';
import { deleteRows, ListTable, SearchBar, SearchText, ToolbarRow } from '../../../components/ListPage';
import { useListPage } from '../../../hooks/useListPage';
import { download } from '../../../utils/download';
import ApplyDetailDrawer from './components/ApplyDetailDrawer';
import { APPLY_STATUS_OPTIONS, PERM } from './components/applyLabels';
import { applyColumns, type ApplyHandlers } from './components/columns';
import HandleDialog from './components/HandleDialog';
import SiteDrawer from './components/SiteDrawer';
import './components/apply.css';

const FILTERS: ApplyQuery = {};

type Open = { kind: 'detail' | 'handle'; row: ApplyRow } | { kind: 'site' } | null;

/** 申请记录: applications from the /home landing page; view, handle, delete, export, and 首页配置. */
export default function ApplyPage() {
  const list = useListPage<ApplyRow, ApplyQuery>('crm/apply', listApply, FILTERS);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const remove = (ids: number[]) =>
    void deleteRows('申请记录', ids, delApply, () => {
      list.setSelectedKeys([]);
      list.refresh();
    });

  const handlers: ApplyHandlers = {
    detail: (row) => setOpen({ kind: 'detail', row }),
    handle: (row) => setOpen({ kind: 'handle', row }),
    remove: (row) => remove([row.applyId]),
  };
  const selected = list.selectedKeys.map(Number);
  const sort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="姓名" name="name" />
        <SearchText label="手机号" name="phone" />
        <SearchText label="公司名称" name="company" />
        <Form.Item label="处理状态" name="status">
          <Select placeholder="全部状态" allowClear options={APPLY_STATUS_OPTIONS} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="申请时间" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <ToolbarRow list={list}>
        <HasPermi value={[`${PERM}:remove`]}>
          <Button color="danger" variant="outlined" icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => remove(selected)}>
            删除
          </Button>
        </HasPermi>
        <HasPermi value={[`${PERM}:export`]}>
          <Button color="orange" variant="outlined" icon={<DownloadOutlined />} onClick={() => void download('/crm/apply/export', list.exportParams, `apply_${Date.now()}.xlsx`)}>
            导出
          </Button>
        </HasPermi>
        <HasPermi value={[`${PERM}:site`]}>
          <Button color="primary" variant="outlined" icon={<LayoutOutlined />} onClick={() => setOpen({ kind: 'site' })}>
            首页配置
          </Button>
        </HasPermi>
      </ToolbarRow>
      <ListTable list={list} rowKey="applyId" columns={applyColumns(handlers, sort)} minWidth={980} onSort={(next) => list.search(next)} />
      {open?.kind === 'detail' && <ApplyDetailDrawer applyId={open.row.applyId} onClose={close} />}
      {open?.kind === 'handle' && (
        <HandleDialog
          row={open.row}
          onClose={close}
          onDone={() => {
            close();
            list.refresh();
          }}
        />
      )}
      {open?.kind === 'site' && <SiteDrawer onClose={close} />}
    </div>
  );
}
