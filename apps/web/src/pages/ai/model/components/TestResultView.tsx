import { Alert, Space } from 'antd';
import type { ProviderTestResult } from '../../../../api/ai/model';

function EmbeddingResult({ embedding }: { embedding: NonNullable<ProviderTestResult['embedding']> }) {
  return embedding.ok ? (
    <Alert type="success" showIcon title={`向量模型可用，向量维度 ${embedding.dims ?? 0}`} />
  ) : (
    <Alert type="error" showIcon title="向量模型测试失败" description={embedding.error} />
  );
}

/** The outcome of 测试连接: latency and the model's reply, or the reason it failed; then the 向量模型's, when tested. */
export default function TestResultView({ result }: { result: ProviderTestResult }) {
  const chat = result.ok ? (
    <Alert
      type="success"
      showIcon
      title={`连接成功，耗时 ${result.latencyMs} 毫秒`}
      description={`模型回复：${result.reply ? result.reply : '（空回复）'}`}
    />
  ) : (
    <Alert type="error" showIcon title={`连接失败（耗时 ${result.latencyMs} 毫秒）`} description={result.error} />
  );
  if (!result.embedding) return chat;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {chat}
      <EmbeddingResult embedding={result.embedding} />
    </Space>
  );
}
