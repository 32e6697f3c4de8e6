import { useEffect, useState } from 'react';
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CHANNEL_LABELS } from '@acs/shared';
import { addWebChannel, bindChannels, listChannelAccounts, type ChannelAccount } from '../../../../../api/ai/agent';
import { HasPermi } from '../../../../../components/HasPermi';
import { toast } from '../../../../../utils/feedback';

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * The accounts this agent answers on, as ticked in the 渠道 tab: saved by the dialog's one 保存 together
 * with the other settings, and only when the ticks differ from what is bound.
 */
export function useChannelBinding(agentId: number) {
  const accounts = useQuery({ queryKey: ['ai/agent/channels'], queryFn: listChannelAccounts });
  const [bound, setBound] = useState<number[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);

  // Taken from the first answer only: a refetch (after 创建网页入口) must not undo unsaved ticks.
  useEffect(() => {
    if (bound !== null || !accounts.data) return;
    const ids = (accounts.data.data ?? []).filter((a) => a.agentId === agentId).map((a) => a.accountId);
    setBound(ids);
    setSelected(ids);
  }, [accounts.data, agentId, bound]);

  const changed = bound !== null && !sameSet(bound, selected);
  const save = async () => {
    if (!changed) return;
    await bindChannels(agentId, selected);
    setBound(selected);
  };
  return { agentId, accounts, selected, setSelected, changed, save };
}

export type ChannelBinding = ReturnType<typeof useChannelBinding>;

/** 渠道: which channel accounts this agent answers on, and a quick way to add a web entry. */
export default function ChannelTab({ binding }: { binding: ChannelBinding }) {
  const { agentId, accounts, selected, setSelected } = binding;
  const rows = accounts.data?.data ?? [];
  const [webName, setWebName] = useState('');
  const [busy, setBusy] = useState(false);

  const createWeb = async () => {
    const name = webName.trim();
    if (!name) return toast.warning('请输入网页入口名称');
    setBusy(true);
    try {
      await addWebChannel(name);
      setWebName('');
      toast.success('创建成功');
      await accounts.refetch();
    } catch (error) {
      console.warn('创建网页入口未完成', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Table<ChannelAccount>
        rowKey="accountId"
        size="small"
        loading={accounts.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: '还没有渠道账号，可先创建一个网页入口' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: '渠道', dataIndex: 'platform', width: 100, render: (p: ChannelAccount['platform']) => <Tag>{CHANNEL_LABELS[p] ?? p}</Tag> },
          { title: '账号', dataIndex: 'name' },
          {
            title: '当前绑定',
            key: 'agent',
            render: (_v, a) =>
              a.agentId === null ? (
                <Typography.Text type="secondary">未绑定</Typography.Text>
              ) : a.agentId === agentId ? (
                '本客服'
              ) : (
                (a.agentName ?? `客服#${a.agentId}`)
              ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
        勾选的账号由本客服接待，点击下方「保存」时与其他设置一起生效；勾选已绑定其他客服的账号会改为本客服接待。
      </Typography.Paragraph>
      <HasPermi value={['ai:agent:edit']}>
        <Space.Compact>
          <Input
            placeholder="网页入口名称，如：官网咨询"
            value={webName}
            maxLength={50}
            onChange={(e) => setWebName(e.target.value)}
            onPressEnter={() => void createWeb()}
            style={{ width: 240 }}
          />
          <Button icon={<PlusOutlined />} loading={busy} onClick={() => void createWeb()}>
            创建网页入口
          </Button>
        </Space.Compact>
      </HasPermi>
    </>
  );
}
