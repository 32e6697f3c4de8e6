import { useEffect, useState } from 'react';
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CHANNEL_LABELS } from '@acs/shared';
import { addWebChannel, bindChannels, listChannelAccounts, type ChannelAccount } from '../../../../../api/ai/agent';
import { HasPermi } from '../../../../../components/HasPermi';
import { toast } from '../../../../../utils/feedback';

interface ChannelTabProps {
  agentId: number;
  /** After the bindings changed (the list shows them). */
  onChanged: () => void;
}

/** 渠道: which channel accounts this agent answers on; saved on its own, apart from the other settings. */
export default function ChannelTab({ agentId, onChanged }: ChannelTabProps) {
  const accounts = useQuery({ queryKey: ['ai/agent/channels'], queryFn: listChannelAccounts });
  const rows = accounts.data?.data ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const [webName, setWebName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setSelected((accounts.data?.data ?? []).filter((a) => a.agentId === agentId).map((a) => a.accountId));
  }, [accounts.data, agentId]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      await accounts.refetch();
      onChanged();
    } catch (error) {
      console.warn(`${done}未完成`, error);
    } finally {
      setBusy(false);
    }
  };

  const createWeb = () => {
    const name = webName.trim();
    if (!name) return toast.warning('请输入网页入口名称');
    void run(() => addWebChannel(name).then(() => setWebName('')), '创建成功');
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
        勾选的账号由本客服接待；勾选已绑定其他客服的账号会改为本客服接待。
      </Typography.Paragraph>
      <HasPermi value={['ai:agent:edit']}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button type="primary" loading={busy} onClick={() => void run(() => bindChannels(agentId, selected), '绑定已保存')}>
            保存绑定
          </Button>
          <Space.Compact>
            <Input placeholder="网页入口名称，如：官网咨询" value={webName} maxLength={50} onChange={(e) => setWebName(e.target.value)} onPressEnter={createWeb} style={{ width: 240 }} />
            <Button icon={<PlusOutlined />} disabled={busy} onClick={createWeb}>
              创建网页入口
            </Button>
          </Space.Compact>
        </Space>
      </HasPermi>
    </>
  );
}
