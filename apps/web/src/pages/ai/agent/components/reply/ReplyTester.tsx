import { useState } from 'react';
import { Button, Card, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { testReply, type ReplyTestResult } from '../../../../../api/ai/agent';
import { fieldsText, hitText } from '../debug/hitText';

const KIND_LABELS: Record<string, string> = { reply: '直接回复', handoff: '转人工' };

/**
 * 测试消息: which rule or knowledge entry would answer a first message, without counting a hit. The
 * server tries the built-in engine only (no model call), so every result is a direct reply or a handoff.
 */
export default function ReplyTester({ agentId }: { agentId: number }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<ReplyTestResult | null>(null);
  const [testing, setTesting] = useState(false);

  const run = async () => {
    const content = text.trim();
    if (!content) return;
    setTesting(true);
    try {
      setResult((await testReply(agentId, content)).data ?? null);
    } catch (error) {
      console.warn('测试消息未完成', error);
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card size="small" title="测试消息" style={{ marginBottom: 12 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="测试消息"
          placeholder="输入一条客户消息，看看由谁回答"
          value={text}
          maxLength={1000}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => void run()}
        />
        <Button type="primary" icon={<ExperimentOutlined />} loading={testing} onClick={() => void run()}>
          测试
        </Button>
      </Space.Compact>
      {result && (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }} aria-label="测试结果">
          <Descriptions.Item label="处理方式">
            <Tag color="blue">{KIND_LABELS[result.kind] ?? result.kind}</Tag>
            {result.hit && <Tag color={result.hit.type === 'fallback' ? 'orange' : 'green'}>{hitText(result.hit)}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="回复">
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{result.text}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="知识候选">
            {result.candidates.length === 0
              ? '无'
              : result.candidates.map((c) => (
                  <Tag key={c.knowledgeId}>
                    {c.question} {c.score.toFixed(2)}
                  </Tag>
                ))}
          </Descriptions.Item>
          {result.leadAsk && <Descriptions.Item label="随后询问">{result.leadAsk}</Descriptions.Item>}
          {result.found.length > 0 && <Descriptions.Item label="识别到">{fieldsText(result.found)}</Descriptions.Item>}
        </Descriptions>
      )}
    </Card>
  );
}
