import { useState } from 'react';
import { Button, ConfigProvider, Empty, Form, Select } from 'antd';
import { DisconnectOutlined, LinkOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DOUYIN_AUTH_STATUS_LABELS, DOUYIN_AUTH_STATUSES } from '@acs/shared';
import {
  listDouyinAccount,
  refreshDouyinAccount,
  unbindDouyinAccount,
  updateDouyinAccount,
  type DouyinAccount,
  type DouyinAccountQuery,
} from '../../../../api/channel/dyConfig';
import { HasPermi } from '../../../../components/HasPermi';
import { confirmAction, ListTable, SearchBar, SearchText, ToolbarRow, useStatusColumn } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';
import { useListPage } from '../../../../hooks/useListPage';
import { toast } from '../../../../utils/feedback';
import { useNow } from '../../../dyLogin/components/useNow';
import AccountDialog from './AccountDialog';
import { accountColumns, type AccountHandlers } from './accountColumns';
import type { LinkKind } from './LinkDialog';
import { PERM } from './perm';
import SendsDialog from './SendsDialog';
import { APP_LIST_KEY, useAppOptions } from './useAppOptions';

const FILTERS: DouyinAccountQuery = {};
const FILTER_WIDTH = 200;
const AUTH_OPTIONS = DOUYIN_AUTH_STATUSES.map((value) => ({ value, label: DOUYIN_AUTH_STATUS_LABELS[value] }));

const updateOf = (row: DouyinAccount) => ({
  accountId: row.accountId,
  agentId: row.agentId,
  replyPolicy: row.replyPolicy,
  staffUserId: row.staffUserId,
  status: row.status,
  remark: row.remark,
});

interface AccountSectionProps {
  statuses: DictOption[];
  onLink: (kind: LinkKind) => void;
}

/** The enterprise accounts bound to the apps: authorisation and tokens, who serves them, 刷新令牌, 发送记录, 解绑. */
export default function AccountSection({ statuses, onLink }: AccountSectionProps) {
  const client = useQueryClient();
  const apps = useAppOptions();
  const list = useListPage<DouyinAccount, DouyinAccountQuery>('channel/dyConfig/account', listDouyinAccount, FILTERS);
  const now = useNow(60_000);
  const [editing, setEditing] = useState<DouyinAccount>();
  const [sendsOf, setSendsOf] = useState<DouyinAccount>();
  const [refreshing, setRefreshing] = useState<number>();

  const changed = () => {
    list.setSelectedKeys([]);
    list.refresh();
    // The apps count their accounts.
    void client.invalidateQueries({ queryKey: [APP_LIST_KEY] });
  };

  const unbind = (rows: DouyinAccount[]) =>
    void confirmAction(
      `确认解绑抖音账号"${rows.map((r) => r.nickname).join('、')}"吗？解绑后将删除其授权令牌，这些账号的私信不再由系统接待。`,
      () => unbindDouyinAccount(rows.map((r) => r.accountId)),
      '解绑成功',
      changed,
    );

  // A refused refresh has been shown by the request layer and stored as the account's error: the list shows both.
  const refresh = async (row: DouyinAccount) => {
    setRefreshing(row.accountId);
    try {
      await refreshDouyinAccount(row.accountId);
      toast.success(`"${row.nickname}"的令牌已刷新`);
    } catch (error) {
      console.warn('刷新令牌未完成', error);
    } finally {
      setRefreshing(undefined);
      list.refresh();
    }
  };

  const statusColumn = useStatusColumn<DouyinAccount>({
    perm: PERM,
    entity: '抖音账号',
    idOf: (r) => r.accountId,
    nameOf: (r) => r.nickname,
    statusOf: (r) => r.status,
    change: (id, status) => {
      const row = list.rows.find((r) => r.accountId === id);
      return row ? updateDouyinAccount({ ...updateOf(row), status }) : Promise.reject(new Error('账号已不在列表中'));
    },
    reload: list.refresh,
  });

  const handlers: AccountHandlers = {
    edit: setEditing,
    refresh: (row) => void refresh(row),
    sends: setSendsOf,
    unbind,
    refreshing,
  };
  const selected = list.rows.filter((r) => list.selectedKeys.includes(r.accountId));

  return (
    <section aria-label="已绑定账号" className="dy-section">
      <h3 className="dy-section-title">已绑定账号</h3>
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="昵称" name="nickname" />
        <Form.Item label="授权状态" name="authStatus">
          <Select placeholder="全部状态" allowClear options={AUTH_OPTIONS} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="所属应用" name="appId">
          <Select placeholder="全部应用" allowClear options={apps} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
      </SearchBar>
      <ToolbarRow list={list}>
        <HasPermi value={[`${PERM}:add`]}>
          <Button color="primary" variant="outlined" icon={<LinkOutlined />} onClick={() => onLink('bind')}>
            绑定账号
          </Button>
        </HasPermi>
        <HasPermi value={[`${PERM}:edit`]}>
          <Button color="green" variant="outlined" icon={<SwapOutlined />} onClick={() => onLink('switch')}>
            切换账号
          </Button>
        </HasPermi>
        <HasPermi value={[`${PERM}:remove`]}>
          <Button color="danger" variant="outlined" icon={<DisconnectOutlined />} disabled={selected.length === 0} onClick={() => unbind(selected)}>
            解绑
          </Button>
        </HasPermi>
      </ToolbarRow>
      <ConfigProvider renderEmpty={() => <Empty description="还没有绑定抖音账号：点击「绑定账号」生成授权链接，由企业号所有者扫码授权" />}>
        <ListTable list={list} rowKey="accountId" columns={accountColumns(handlers, statusColumn, now)} minWidth={1500} />
      </ConfigProvider>
      {editing && (
        <AccountDialog
          account={editing}
          statuses={statuses}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            list.refresh();
          }}
        />
      )}
      {sendsOf && <SendsDialog account={sendsOf} onClose={() => setSendsOf(undefined)} />}
    </section>
  );
}
