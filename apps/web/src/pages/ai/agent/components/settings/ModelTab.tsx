import { Alert, Form, InputNumber, Select, Slider, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CLARIFY_MAX, DEFAULT_CLARIFY_THRESHOLD, DEFAULT_KNOWLEDGE_THRESHOLD, MAX_REFERENCES, REFERENCE_FLOOR_SHARE, UNFAMILIAR_DIRECT_MIN } from '@acs/shared';
import { modelOptions, type ModelOption } from '../../../../../api/ai/agent';
import { BUILTIN, type SettingsForm } from './formValues';

/** The built-in engine first, then the providers as the server lists them. */
function ordered(options: ModelOption[]): ModelOption[] {
  return [...options.filter((o) => o.providerId === null), ...options.filter((o) => o.providerId !== null)];
}

const THRESHOLD_MARKS = { 0: '0', 0.2: '0.2', 0.5: '0.5', 1: '1' };

/** The server refuses the same (agent/service.ts); said here before saving, under 澄清阈值 whichever slider moved. */
const CLARIFY_ABOVE_ANSWER = '澄清阈值不能大于直接回答阈值';

/** 模型: provider and model, the generation parameters and the two knowledge thresholds (answer, clarify). */
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
      <Alert
        style={{ marginBottom: 16 }}
        type="info"
        title="知识问答怎样决定回答"
        description={
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            <li>相似度 ≥ 直接回答阈值：直接用该条知识回答；</li>
            <li>未配置模型时，介于澄清阈值和直接回答阈值之间：回复“您是想问：”并列出最多{CLARIFY_MAX}个候选问题让客户选择；</li>
            <li>未配置模型时，若只有一个候选、相似度在两个阈值的中点以上，且问题里没有知识库从未提到的事物，直接用它回答；</li>
            <li>未配置模型时，低于澄清阈值：使用兜底回复；</li>
            <li>
              配置了模型时，未达直接回答阈值的问题都交给模型（问题里有知识库从未提到的事物时，相似度低于{' '}
              {UNFAMILIAR_DIRECT_MIN} 也交给模型）：相似度不低于澄清阈值 × {REFERENCE_FLOOR_SHARE} 的前 {MAX_REFERENCES}{' '}
              条知识作为参考资料，模型只依据它们回答，资料中没有答案时使用兜底回复；
            </li>
            <li>
              默认 {DEFAULT_KNOWLEDGE_THRESHOLD} / {DEFAULT_CLARIFY_THRESHOLD}；阈值越高越谨慎。
            </li>
          </ul>
        }
      />
      <Form.Item
        label="直接回答阈值"
        name="knowledgeThreshold"
        extra="知识的相似度达到此值时直接回答（0–1）。"
      >
        <Slider min={0} max={1} step={0.05} style={{ width: 320 }} marks={THRESHOLD_MARKS} />
      </Form.Item>
      <Form.Item
        label="澄清阈值"
        name="clarifyThreshold"
        extra="低于直接回答阈值、但达到此值的知识，作为“您是想问”的候选问题（0–1）。"
        dependencies={['knowledgeThreshold']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_r, clarify: number) =>
              clarify <= getFieldValue('knowledgeThreshold') ? Promise.resolve() : Promise.reject(new Error(CLARIFY_ABOVE_ANSWER)),
          }),
        ]}
      >
        <Slider min={0} max={1} step={0.05} style={{ width: 320 }} marks={THRESHOLD_MARKS} />
      </Form.Item>
    </>
  );
}
