import { Modal, Tabs } from 'antd';
import { useVariableChoices } from '../settings/useVariableChoices';
import KnowledgeTab from './KnowledgeTab';
import ReplyTester from './ReplyTester';
import RuleTab from './RuleTab';
import UnknownTab from './UnknownTab';

interface ReplyDialogProps {
  agent: { agentId: number; name: string };
  onClose: () => void;
  /** The list shows the counts of rules and knowledge. */
  onChanged: () => void;
}

/** 回复: the agent's reply rules and knowledge Q&A, the questions it could not answer, and a box to test which one answers a message. */
export default function ReplyDialog({ agent, onClose, onChanged }: ReplyDialogProps) {
  const choices = useVariableChoices(agent.agentId);
  return (
    <Modal open title={`回复设置 - ${agent.name}`} width={1000} footer={null} onCancel={onClose} mask={{ closable: false }}>
      <ReplyTester agentId={agent.agentId} />
      <Tabs
        items={[
          { key: 'rules', label: '回复规则', children: <RuleTab agentId={agent.agentId} choices={choices} onChanged={onChanged} /> },
          { key: 'knowledge', label: '知识问答', children: <KnowledgeTab agentId={agent.agentId} choices={choices} onChanged={onChanged} /> },
          { key: 'unknown', label: '未知问题', children: <UnknownTab agentId={agent.agentId} choices={choices} onChanged={onChanged} /> },
        ]}
      />
    </Modal>
  );
}
