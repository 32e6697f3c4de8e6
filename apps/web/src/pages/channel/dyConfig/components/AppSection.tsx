import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  addDouyinApp,
  delDouyinApp,
  getDouyinApp,
  listDouyinApp,
  updateDouyinApp,
  type DouyinApp,
} from '../../../../api/channel/dyConfig';
import { HasPermi } from '../../../../components/HasPermi';
import {
  actionColumn,
  dictColumn,
  FormDialog,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  textColumn,
  useCrudPage,
} from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';
import { parseTime } from '../../../../utils/ruoyi';
import AppFields, { appBody, DEFAULT_API_BASE_URL } from './AppFields';
import CopyableUrl from './CopyableUrl';
import { PERM } from './perm';
import { APP_LIST_KEY } from './useAppOptions';

const FILTERS: { name?: string; status?: string } = {};
/** The webhook address takes the width the other columns leave, at least this much (the rest is in its tooltip and copy). */
const WEBHOOK_MIN_WIDTH = 200;
/** The selection column and the fixed-width columns below. */
const FIXED_COLUMNS_WIDTH = 32 + 170 + 150 + 110 + 150 + 70 + 240;

interface AppSectionProps {
  statuses: DictOption[];
  /** 绑定账号 of a row: the binding dialog with this app chosen. */
  onBind: (appId: number) => void;
}

/** The Douyin apps: credentials (the secret only as 已设置), the webhook address to paste into the Douyin console, add/edit/delete. */
export default function AppSection({ statuses, onBind }: AppSectionProps) {
  const client = useQueryClient();
  const { list, dialog, remove } = useCrudPage({
    key: APP_LIST_KEY,
    fetch: listDouyinApp,
    filters: FILTERS,
    entity: '抖音应用',
    defaults: { status: '0', apiBaseUrl: DEFAULT_API_BASE_URL },
    api: {
      get: getDouyinApp,
      add: (app) => addDouyinApp(appBody(app)),
      update: (app) => updateDouyinApp(appBody(app)),
      remove: delDouyinApp,
    },
    // The app options of the accounts' filter and of the binding dialog follow.
    onChange: () => void client.invalidateQueries({ queryKey: [APP_LIST_KEY, 'options'] }),
  });

  const columns: TableColumnsType<DouyinApp> = [
    {
      title: '应用名称 / 接口地址',
      key: 'name',
      width: 170,
      render: (_, row) => (
        <span className="dy-stack">
          <Typography.Text strong ellipsis={{ tooltip: row.name }}>
            {row.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="dy-small" ellipsis={{ tooltip: row.apiBaseUrl }}>
            {row.apiBaseUrl}
          </Typography.Text>
        </span>
      ),
    },
    { ...textColumn('Client Key', 'clientKey', true), width: 150 },
    {
      title: 'Client Secret',
      dataIndex: 'hasSecret',
      align: 'center',
      width: 110,
      render: (has: boolean) => (has ? <Tag color="success">已设置</Tag> : <Tag>未设置</Tag>),
    },
    {
      title: 'Webhook 地址',
      dataIndex: 'webhookUrl',
      render: (path: string) => <CopyableUrl path={path} what="Webhook 地址" />,
    },
    {
      title: '接入情况',
      key: 'usage',
      width: 150,
      render: (_, row) => (
        <span className="dy-stack">
          <span>已绑定 {row.accountCount ?? 0} 个账号</span>
          <span className="dy-small dy-muted">{row.lastWebhookTime ? `最近推送 ${parseTime(row.lastWebhookTime, 'MM-DD HH:mm')}` : '尚未收到推送'}</span>
        </span>
      ),
    },
    { ...dictColumn('状态', 'status', statuses), width: 70 },
    {
      ...actionColumn<DouyinApp>(PERM, (row) => row.appId!, dialog.openEdit, remove, (row) => (
        <HasPermi value={[`${PERM}:add`]}>
          <Button type="link" size="small" icon={<LinkOutlined />} disabled={row.status !== '0'} onClick={() => onBind(row.appId!)}>
            绑定账号
          </Button>
        </HasPermi>
      )),
      // 绑定账号 is wider than the two-character buttons actionColumn sizes for.
      width: 240,
    },
  ];

  return (
    <section aria-label="抖音应用">
      <h3 className="dy-section-title">抖音应用</h3>
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="应用名称" name="name" />
        <SearchDict label="状态" name="status" placeholder="应用状态" options={statuses} />
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onAdd={() => dialog.openAdd()} onEdit={dialog.openEdit} onDelete={remove} />
      <ListTable list={list} rowKey="appId" columns={columns} minWidth={WEBHOOK_MIN_WIDTH + FIXED_COLUMNS_WIDTH} />
      <FormDialog {...dialog.dialogProps} width={600} labelWidth={110}>
        <AppFields form={dialog.form} statuses={statuses} />
      </FormDialog>
    </section>
  );
}
