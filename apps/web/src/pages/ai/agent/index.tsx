import { lazy, Suspense, useState } from 'react';
import { Button, Empty, Form, Select } from 'antd';
import type { AgentStatus } from '@acs/shared';
import { listAgent, type AgentQuery, type AgentRow } from '../../../api/ai/agent';
import { ListTable, SearchBar, SearchText } from '../../../components/ListPage';
import { useAuth } from '../../../hooks/useAuth';
import { useListPage } from '../../../hooks/useListPage';
import { duplicate, removeAgents, setStatus } from './components/agentActions';
import AgentToolbar from './components/AgentToolbar';
import type { AgentDialog, AgentRowHandlers } from './components/AgentRowActions';
import { copyChatLink } from './components/chatLink';
import { agentColumns, CHOOSABLE } from './components/columns';
import { AGENT_STATUS_OPTIONS } from './components/status';
import { useColumnChooser } from '../../../hooks/useColumnChooser';

// The dialogs are heavy (forms, tables, the chat panel); each is fetched when first opened.
const CreateAgentDialog = lazy(() => import('./components/create/CreateAgentDialog'));
const SettingsDialog = lazy(() => import('./components/settings/SettingsDialog'));
const ReplyDialog = lazy(() => import('./components/reply/ReplyDialog'));
const AgentVariablesDialog = lazy(() => import('./components/variables/AgentVariablesDialog'));
const DebugDialog = lazy(() => import('./components/debug/DebugDialog'));

const FILTERS: AgentQuery = {};

type Open = { dialog: AgentDialog; agent: Pick<AgentRow, 'agentId' | 'name'> } | { dialog: 'create' } | null;

/** AI客服列表. */
export default function AgentPage() {
  const auth = useAuth();
  const list = useListPage<AgentRow, AgentQuery>('ai/agent', listAgent, FILTERS);
  const chooser = useColumnChooser('ai-agent-columns', CHOOSABLE);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const reloadIf = (changed: boolean) => {
    if (!changed) return;
    list.setSelectedKeys([]);
    list.refresh();
  };

  const handlers: AgentRowHandlers = {
    open: (dialog, agent) => setOpen({ dialog, agent }),
    duplicate: (row) => void duplicate(row).then((id) => reloadIf(id !== undefined)),
    publish: (row) => void setStatus(row, 'published').then(reloadIf),
    disable: (row) => void setStatus(row, 'disabled').then(reloadIf),
    copyLink: (row) => void copyChatLink(row.agentId),
    remove: (row) => void removeAgents([row]).then(reloadIf),
  };
  const selected = list.rows.filter((r) => list.selectedKeys.includes(r.agentId));
  const filtered = Boolean(list.filters.name || list.filters.status);
  const empty = !list.loading && list.total === 0 && !filtered;

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="名称" name="name" />
        <Form.Item label="状态" name="status">
          <Select<AgentStatus> placeholder="客服状态" allowClear options={AGENT_STATUS_OPTIONS} style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <AgentToolbar
        list={list}
        onCreate={() => setOpen({ dialog: 'create' })}
        onDelete={() => void removeAgents(selected).then(reloadIf)}
        columns={chooser.columns}
        onColumnsChange={chooser.change}
      />
      {empty ? (
        <Empty description="还没有AI客服" style={{ padding: '48px 0' }}>
          {auth.hasPermi('ai:agent:add') && (
            <Button type="primary" onClick={() => setOpen({ dialog: 'create' })}>
              新建客服
            </Button>
          )}
        </Empty>
      ) : (
        <ListTable list={list} rowKey="agentId" columns={chooser.visible(agentColumns(handlers))} minWidth={1150} />
      )}
      <Suspense fallback={null}>
        {open?.dialog === 'create' && (
          <CreateAgentDialog
            onClose={close}
            onCreated={(agent) => {
              list.refresh();
              setOpen({ dialog: 'settings', agent });
            }}
          />
        )}
        {open?.dialog === 'settings' && <SettingsDialog agentId={open.agent.agentId} onClose={close} onSaved={list.refresh} />}
        {open?.dialog === 'reply' && <ReplyDialog agent={open.agent} onClose={close} onChanged={list.refresh} />}
        {open?.dialog === 'variables' && <AgentVariablesDialog agent={open.agent} onClose={close} />}
        {open?.dialog === 'debug' && <DebugDialog agent={open.agent} onClose={close} />}
      </Suspense>
    </div>
  );
}
