import { Alert, Form, InputNumber, Select, Slider, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { modelOptions, type ModelOption } from '../../../../../api/ai/agent';
import { BUILTIN, type SettingsForm } from './formValues';

/** The built-in engine first, then the providers as the server lists them. */
function ordered(options: ModelOption[]): ModelOption[] {
  return [...options.filter((o) => o.providerId === null), ...options.filter((o) => o.providerId !== null)];
}

/** 模型: provider and model, the generation parameters and the knowledge threshold. */
export default function ModelTab({ form }: { form: FormInstance<SettingsForm> }) {
  const options = useQuery({ queryKey: ['ai/model/options'], queryFn: modelOptions });
  const providers = ordered(options.data?.data ?? []);
  const providerId = Form.useWatch('providerId', form);
  const provider = providers.find((p) => (p.providerId ?? BUILTIN) === providerId);
  const builtin = providerId === BUILTIN;

  const changeProvider = (id: number) => {
    const next = providers.find((p) => (p.providerId ?? BUILTIN) === id);
    form.setFieldValue('model', next && id !== BUILTIN ? next.defaultModel || next.models[0] || '' : '');
  };

  return (
    <>
      <Form.Item label="模型来源" name="providerId" rules={[{ required: true, message: '请选择模型来源' }]}>
        <Select
          loading={options.isFetching}
          options={providers.map((p) => ({ value: p.providerId ?? BUILTIN, label: p.name }))}
          onChange={changeProvider}
          style={{ width: 320 }}
        />
      </Form.Item>
      {builtin ? (
        <Alert style={{ marginBottom: 16 }} type="info" showIcon title="内置引擎不调用外部模型：按回复规则、知识问答回答，答不上时发送兜底回复。" />
      ) : (
        <Form.Item label="模型" name="model" rules={[{ required: true, whitespace: true, message: '请选择模型' }]}>
          <Select
            showSearch
            style={{ width: 320 }}
            placeholder="请选择模型"
            options={(provider?.models ?? []).map((m) => ({ value: m, label: m }))}
            notFoundContent="该模型配置还没有模型列表"
          />
        </Form.Item>
      )}
      <Form.Item label="温度" name={['params', 'temperature']} extra="越低越稳定，越高越发散（0–2）。" hidden={builtin}>
        <Slider min={0} max={2} step={0.1} style={{ width: 320 }} marks={{ 0: '0', 1: '1', 2: '2' }} />
      </Form.Item>
      <Form.Item
        label="最大回复长度"
        name={['params', 'maxTokens']}
        hidden={builtin}
        rules={[{ type: 'integer', min: 1, max: 8000, message: '最大回复长度取值范围为1~8000' }]}
      >
        <InputNumber min={1} max={8000} precision={0} suffix="tokens" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="携带历史消息数"
        name={['params', 'historyMessages']}
        hidden={builtin}
        extra="每次提问时带给模型的之前消息条数。"
        rules={[{ type: 'integer', min: 0, max: 50, message: '携带历史消息数取值范围为0~50' }]}
      >
        <InputNumber min={0} max={50} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="知识库匹配阈值" name="knowledgeThreshold" extra="知识问答的相似度达到此值才直接回答（0–1）。">
        <Slider min={0} max={1} step={0.05} style={{ width: 320 }} marks={{ 0: '0', 0.5: '0.5', 1: '1' }} />
      </Form.Item>
    </>
  );
}
