import { useState } from 'react';
import { Button, DatePicker, Form, Select } from 'antd';
import { MergeCellsOutlined, TagsOutlined, UserSwitchOutlined } from '@ant-design/icons';
import {
  addCustomer,
  delCustomer,
  getCustomer,
  importCustomers,
  listCustomer,
  updateCustomer,
  type Customer,
  type CustomerDetail,
  type CustomerQuery,
} from '../../../api/crm/customer';
import ExcelImportDialog from '../../../components/ExcelImportDialog';
import { HasPermi } from '../../../components/HasPermi';
import { FormDialog, ListTable, ListToolbar, SearchBar, SearchText, useCrudPage, type ListSort } from '../../../components/ListPage';
import { useAuth } from '../../../hooks/useAuth';
import { useColumnChooser } from '../../../hooks/useColumnChooser';
import StaffSelect from '../components/StaffSelect';
import { BulkOwnerDialog, BulkTagDialog } from './components/BulkDialogs';
import { CHOOSABLE, customerColumns, PERM } from './components/columns';
import CustomerDrawer from './components/CustomerDrawer';
import CustomerFields from './components/CustomerFields';
import { customerPayload, isMasked } from './components/customerForm';
import MergeDialog from './components/MergeDialog';
import { SOURCE_OPTIONS, STAGE_OPTIONS } from './labels';

const FILTERS: CustomerQuery = {};
const DEFAULTS: Partial<Customer> = { name: '', phone: '', wechat: '', tags: [], ownerId: null, stage: 'lead', remark: '' };
const SEARCH_WIDTH = 200;

type Bulk = 'tags' | 'owner' | 'merge';

/** 客户管理: customers across channels, with their timeline, bulk tags and owner, merge, import and export. */
export default function CustomerPage() {
  // The record being edited as the server sent it: masked numbers in it are not sent back.
  const [loaded, setLoaded] = useState<CustomerDetail | undefined>(undefined);
  const { list, dialog, remove } = useCrudPage<Customer, CustomerQuery>({
    key: 'crm/customer',
    fetch: listCustomer,
    filters: FILTERS,
    entity: '客户',
    defaults: DEFAULTS,
    api: {
      get: async (id) => {
        const res = await getCustomer(id);
        setLoaded(res.data);
        return res;
      },
      add: (c) => addCustomer(customerPayload(c)),
      update: (c) => updateCustomer(customerPayload(c, loaded)),
      remove: delCustomer,
    },
  });
  const auth = useAuth();
  const chooser = useColumnChooser('crm-customer-columns', CHOOSABLE);
  const [viewing, setViewing] = useState<number | undefined>(undefined);
  const [bulk, setBulk] = useState<Bulk | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const selected = list.selectedKeys.map(Number);
  const tagOptions = [...new Set(list.rows.flatMap((r) => r.tags ?? []))];

  const openAdd = () => {
    setLoaded(undefined);
    dialog.openAdd();
  };
  const afterBulk = () => {
    list.setSelectedKeys([]);
    list.refresh();
  };

  const columns = customerColumns({ filters: list.filters, now: Date.now(), canView: auth.hasPermi(`${PERM}:query`), view: setViewing, edit: dialog.openEdit, remove });

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="客户名称" name="name" />
        <SearchText label="手机号" name="phone" />
        <SearchText label="微信号" name="wechat" />
        <Form.Item label="来源" name="source">
          <Select placeholder="来源渠道" allowClear options={SOURCE_OPTIONS} style={{ width: SEARCH_WIDTH }} />
        </Form.Item>
        <Form.Item label="阶段" name="stage">
          <Select placeholder="客户阶段" allowClear options={STAGE_OPTIONS} style={{ width: SEARCH_WIDTH }} />
        </Form.Item>
        <SearchText label="标签" name="tag" />
        <Form.Item label="负责人" name="ownerId">
          <StaffSelect aria-label="负责人" placeholder="请选择负责人" style={{ width: SEARCH_WIDTH }} />
        </Form.Item>
        <Form.Item label="最近活跃" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={openAdd}
        onEdit={dialog.openEdit}
        onDelete={remove}
        onImport={() => setImporting(true)}
        exportUrl="/crm/customer/export"
        exportName="customer"
        columns={chooser.columns}
        onColumnsChange={chooser.change}
      >
        <HasPermi value={[`${PERM}:edit`]}>
          <Button icon={<TagsOutlined />} disabled={selected.length === 0} onClick={() => setBulk('tags')}>
            批量打标签
          </Button>
          <Button icon={<UserSwitchOutlined />} disabled={selected.length === 0} onClick={() => setBulk('owner')}>
            更换负责人
          </Button>
        </HasPermi>
        <HasPermi value={[`${PERM}:merge`]}>
          <Button icon={<MergeCellsOutlined />} disabled={selected.length !== 2} title="选择两个客户进行合并" onClick={() => setBulk('merge')}>
            合并
          </Button>
        </HasPermi>
      </ListToolbar>
      <ListTable list={list} rowKey="customerId" columns={chooser.visible(columns)} minWidth={1100} onSort={(sort: ListSort) => list.search(sort)} />
      <FormDialog {...dialog.dialogProps} width={560} labelWidth={80}>
        <CustomerFields form={dialog.form} masked={{ phone: isMasked(loaded?.phone), wechat: isMasked(loaded?.wechat) }} tagOptions={tagOptions} />
      </FormDialog>
      <CustomerDrawer customerId={viewing} onClose={() => setViewing(undefined)} />
      {bulk === 'tags' && <BulkTagDialog customerIds={selected} tagOptions={tagOptions} onClose={() => setBulk(undefined)} onDone={afterBulk} />}
      {bulk === 'owner' && <BulkOwnerDialog customerIds={selected} onClose={() => setBulk(undefined)} onDone={afterBulk} />}
      {bulk === 'merge' && selected.length === 2 && (
        <MergeDialog ids={[selected[0], selected[1]]} onClose={() => setBulk(undefined)} onMerged={afterBulk} />
      )}
      {importing && (
        <ExcelImportDialog
          title="客户导入"
          updateLabel="是否更新已经存在的客户数据"
          note="仅允许导入xls、xlsx格式文件。"
          templateUrl="/crm/customer/importTemplate"
          templateName="customer_template"
          upload={importCustomers}
          onClose={() => setImporting(false)}
          onImported={list.refresh}
        />
      )}
    </div>
  );
}
