import { Form, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { addBossTemplate, delBossTemplate, listBossTemplate, updateBossTemplate, type BossTemplate } from '../../../../api/channel/bossZP';
import {
  actionColumn,
  createTimeColumn,
  dictColumn,
  DictRadioField,
  FormDialog,
  ListTable,
  ListToolbar,
  RemarkField,
  SearchBar,
  TextField,
} from '../../../../components/ListPage';
import { useDict } from '../../../../hooks/useDict';
import { PERM } from './accountColumns';
import AccountField, { SearchAccount } from './AccountField';
import { useBossAccountOptions } from './options';
import { useRowCrudPage } from './useRowCrudPage';
import TemplateContent, { CONTENT_MAX } from './TemplateContent';

interface TemplateQuery {
  accountId?: number;
}

const FILTERS: TemplateQuery = {};
const DEFAULTS: Partial<BossTemplate> = { accountId: null, name: '', content: '', isDefault: false, status: '0', remark: '' };

/** The template dialog's content field follows the account chosen above it (its jobs feed the preview). */
function ContentField() {
  const accountId = Form.useWatch<number | null | undefined>('accountId', Form.useFormInstance());
  return (
    <Form.Item
      label="内容"
      name="content"
      rules={[
        { required: true, whitespace: true, message: '模板内容不能为空' },
        { max: CONTENT_MAX, message: `模板内容长度不能超过${CONTENT_MAX}个字符` },
      ]}
    >
      <TemplateContent accountId={accountId} />
    </Form.Item>
  );
}

/** 打招呼模板: the first message to a new candidate, with {{variables}} filled per candidate and job. */
export default function TemplatesTab() {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const accounts = useBossAccountOptions();
  const { list, dialog, remove } = useRowCrudPage<BossTemplate, TemplateQuery>({
    key: 'channel/bossZP/template',
    fetch: listBossTemplate,
    filters: FILTERS,
    entity: '打招呼模板',
    defaults: DEFAULTS,
    idOf: (r) => r.templateId,
    api: { add: addBossTemplate, update: updateBossTemplate, remove: delBossTemplate },
  });

  const columns: TableColumnsType<BossTemplate> = [
    {
      title: '名称',
      key: 'name',
      width: 170,
      render: (_v, row) => (
        <span className="boss-template-name">
          <Typography.Text strong ellipsis={{ tooltip: row.name }}>
            {row.name}
          </Typography.Text>
          {row.isDefault && <Tag color="blue">默认</Tag>}
        </span>
      ),
    },
    { title: '适用账号', key: 'accountId', align: 'center', width: 160, ellipsis: true, render: (_v, row) => accounts.nameOf(row.accountId) },
    { title: '内容', dataIndex: 'content', ellipsis: { showTitle: true } },
    { ...dictColumn<BossTemplate>('状态', 'status', statuses), width: 72 },
    createTimeColumn(),
    actionColumn<BossTemplate>(PERM, (row) => row.templateId!, dialog.openEdit, remove),
  ];

  return (
    <>
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchAccount />
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onAdd={() => dialog.openAdd({ accountId: list.filters.accountId ?? null })} onEdit={dialog.openEdit} onDelete={remove} />
      <ListTable list={list} rowKey="templateId" columns={columns} minWidth={1000} />
      <FormDialog {...dialog.dialogProps} width={760} labelWidth={90}>
        <TextField label="名称" name="name" required="模板名称不能为空" maxLength={50} />
        <AccountField placeholder="全部账号" tooltip="不选则所有招聘账号都可使用" />
        <ContentField />
        <Form.Item label="默认模板" name="isDefault" valuePropName="checked" tooltip="向新候选人打招呼时优先使用默认模板">
          <Switch aria-label="默认模板" />
        </Form.Item>
        <DictRadioField label="状态" name="status" options={statuses} />
        <RemarkField />
      </FormDialog>
    </>
  );
}
