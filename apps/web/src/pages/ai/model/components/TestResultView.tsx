import { Alert } from 'antd';
import type { ProviderTestResult } from '../../../../api/ai/model';

/** The outcome of 测试连接: latency and the model's reply, or the reason it failed. */
export default function TestResultView({ result }: { result: ProviderTestResult }) {
  if (result.ok) {
    return (
      <Alert
        type="success"
        showIcon
        title={`连接成功，耗时 ${result.latencyMs} 毫秒`}
        description={`模型回复：${result.reply ? result.reply : '（空回复）'}`}
      />
    );
  }
  return <Alert type="error" showIcon title={`连接失败（耗时 ${result.latencyMs} 毫秒）`} description={result.error} />;
}
