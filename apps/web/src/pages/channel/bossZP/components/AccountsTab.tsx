import { useState } from 'react';
import { Alert, Button, Empty, Form, Select } from 'antd';
import { DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import {
  addBossAccount,
  delBossAccount,
  getBossAccount,
  listBossAccount,
  updateBossAccount,
  type BossAccount,
  type BossAccountQuery,
  type BossConnectorKey,
} from '../../../../api/channel/bossZP';
import { DictRadioField, FormDialog, ListTable, ListToolbar, RemarkField, SearchBar, SearchDict, SearchText, TextField, useCrudPage } from '../../../../components/ListPage';
import { useAuth } from '../../../../hooks/useAuth';
import { useDict } from '../../../../hooks/useDict';
import { accountColumns, PERM, type AccountHandlers } from './accountColumns';
import { issueKey, togglePause } from './accountActions';
import AgentField from './AgentField';
import { HEALTH_OPTIONS } from './health';
import KeySecretDialog from './KeySecretDialog';
import RunConfigDialog from './RunConfigDialog';

const FILTERS: BossAccountQuery = {};
const DEFAULTS: Partial<BossAccount> = { recruiterName: '', company: '', agentId: null, agentName: '', status: '0', remark: '', runConfig: DEFAULT_BOSS_RUN_CONFIG };

type Open = { kind: 'config'; account: BossAccount } | { kind: 'secret'; recruiterName: string; connectorKey: BossConnectorKey } | null;

/** 招聘账号: the recruiter accounts the automation clients run, their session health, usage, pause switch and connector key. */
export default function AccountsTab() {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const auth = useAuth();
  const { list, dialog, remove } = useCrudPage<BossAccount, BossAccountQuery>({
    key: 'channel/bossZP/account',
    fetch: listBossAccount,
    filters: FILTERS,
    entity: '招聘账号',
    defaults: DEFAULTS,
    api: { get: getBossAccount, add: addBossAccount, update: updateBossAccount, remove: delBossAccount },
  });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const handlers: AccountHandlers = {
    edit: dialog.openEdit,
    remove,
    config: (account) => setOpen({ kind: 'config', account }),
    pause: (row) => void togglePause(row, list.refresh),
    key: (row) =>
      void issueKey(row).then((connectorKey) => {
        if (!connectorKey) return;
        setOpen({ kind: 'secret', recruiterName: row.recruiterName, connectorKey });
        list.refresh();
      }),
  };
  const filtered = Object.values(list.filters).some(Boolean);
  const empty = !list.loading && list.total === 0 && !filtered;

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="BOSS直聘没有开放聊天接口：每个招聘账号由自动化客户端（浏览器插件或RPA）扫码登录后，凭连接密钥与本系统通信。步骤：新增账号 → 生成连接密钥并填入客户端 → 在客户端扫码登录 → 会话状态变为「已登录」。"
      />
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="招聘者" name="recruiterName" />
        <SearchText label="公司" name="company" />
        <Form.Item label="会话状态" name="sessionHealth">
          <Select placeholder="全部" allowClear options={HEALTH_OPTIONS} style={{ width: 200 }} />
        </Form.Item>
        <SearchDict label="状态" name="status" placeholder="账号状态" options={statuses} />
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onAdd={() => dialog.openAdd()} onEdit={dialog.openEdit} onDelete={remove} />
      {empty ? (
        <Empty description="还没有招聘账号" style={{ padding: '48px 0' }}>
          {auth.hasPermi(`${PERM}:add`) && (
            <Button type="primary" onClick={() => dialog.openAdd()}>
              新增招聘账号
            </Button>
          )}
        </Empty>
      ) : (
        <ListTable list={list} rowKey="accountId" columns={accountColumns(handlers, statuses, auth.hasPermi(`${PERM}:edit`))} minWidth={1160} />
      )}
      <FormDialog {...dialog.dialogProps} width={560} labelWidth={90}>
        <TextField label="招聘者" name="recruiterName" required="招聘者姓名不能为空" placeholder="BOSS直聘上显示的招聘者姓名" maxLength={50} />
        <TextField label="公司" name="company" placeholder="请输入公司名称" maxLength={100} />
        <AgentField placeholder="选择回答候选人的AI客服" tooltip="职位未单独指定客服时，由这里的客服回答该账号的候选人" />
        <DictRadioField label="状态" name="status" options={statuses} />
        <RemarkField />
      </FormDialog>
      {open?.kind === 'config' && <RunConfigDialog account={open.account} onClose={close} onSaved={list.refresh} />}
      {open?.kind === 'secret' && <KeySecretDialog recruiterName={open.recruiterName} connectorKey={open.connectorKey} onClose={close} />}
    </>
  );
}
