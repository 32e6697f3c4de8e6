import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, type FormInstance } from 'antd';
import { ApiOutlined, CloudDownloadOutlined } from '@ant-design/icons';
import { fetchProviderModels, testModelProvider, type ModelProvider, type ProviderProbe, type ProviderTestResult } from '../../../../api/ai/model';
import { HasPermi } from '../../../../components/HasPermi';
import { DictRadioField, RemarkField, TextField } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';
import { toast } from '../../../../utils/feedback';
import TestResultView from './TestResultView';

export const TIMEOUT_MIN = 1000;
export const TIMEOUT_MAX = 120_000;
const EMBEDDING_MODEL_MAX = 100;
const HTTP_URL = /^https?:\/\/[^\s/]+/i;

interface ProviderFieldsProps {
  form: FormInstance<ModelProvider>;
  statuses: DictOption[];
}

/**
 * The fields of the add/edit dialog, with 获取模型 (fills the model dropdown from the provider) and
 * 测试连接 (tries the default model with what is typed, or the stored key when the key is left empty).
 * The page remounts it each time the dialog opens, so results of the previous record are gone.
 */
export default function ProviderFields({ form, statuses }: ProviderFieldsProps) {
  const providerId = Form.useWatch('providerId', { form, preserve: true });
  const hasApiKey = Form.useWatch('hasApiKey', { form, preserve: true });
  const models = Form.useWatch('models', form);
  const defaultModel = Form.useWatch('defaultModel', form);
  const [fetched, setFetched] = useState<string[]>([]);
  const [busy, setBusy] = useState<'models' | 'test' | null>(null);
  const [result, setResult] = useState<ProviderTestResult | null>(null);

  // The default model follows the list: the first model when it is no longer in it.
  useEffect(() => {
    const list = models ?? [];
    if (list.length > 0 && (!defaultModel || !list.includes(defaultModel))) form.setFieldValue('defaultModel', list[0]);
  }, [models, defaultModel, form]);

  const probe = async (): Promise<ProviderProbe> => {
    const values = await form.validateFields(['baseUrl', 'timeoutMs']);
    return {
      providerId: providerId ?? undefined,
      baseUrl: values.baseUrl,
      apiKey: (form.getFieldValue('apiKey') as string | undefined) || undefined,
      timeoutMs: values.timeoutMs,
    };
  };

  const loadModels = async () => {
    setBusy('models');
    try {
      const res = await fetchProviderModels(await probe());
      const ids = res.data ?? [];
      setFetched(ids);
      toast.success(ids.length ? `获取到 ${ids.length} 个模型，可在模型列表的下拉中选择` : '模型服务没有返回模型');
    } catch (error) {
      console.warn('获取模型未完成', error);
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    const model = (form.getFieldValue('defaultModel') as string | undefined) || models?.[0];
    if (!model) {
      toast.warning('请先在模型列表中添加要测试的模型');
      return;
    }
    setBusy('test');
    setResult(null);
    try {
      const embeddingModel = (form.getFieldValue('embeddingModel') as string | undefined)?.trim() || undefined;
      const res = await testModelProvider({ ...(await probe()), model, embeddingModel });
      setResult(res.data ?? null);
    } catch (error) {
      console.warn('测试连接未完成', error);
    } finally {
      setBusy(null);
    }
  };

  const modelOptions = [...new Set([...(models ?? []), ...fetched])].map((m) => ({ label: m, value: m }));

  return (
    <>
      <TextField label="名称" name="name" required="名称不能为空" maxLength={50} />
      <Form.Item
        label="接口地址"
        name="baseUrl"
        rules={[
          { required: true, whitespace: true, message: '接口地址不能为空' },
          { pattern: HTTP_URL, message: '接口地址必须是以 http:// 或 https:// 开头的网址' },
        ]}
        extra="OpenAI 兼容接口的地址，一般以 /v1 结尾"
      >
        <Input placeholder="https://api.openai.com/v1 或其他 OpenAI 兼容地址" maxLength={500} />
      </Form.Item>
      <Form.Item label="API Key" name="apiKey">
        <Input.Password
          placeholder={providerId && hasApiKey ? '已设置，留空则不修改' : '请输入 API Key（本地模型可不填）'}
          autoComplete="new-password"
          maxLength={500}
        />
      </Form.Item>
      <Form.Item label="模型列表">
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="models" noStyle>
            <Select
              mode="tags"
              aria-label="模型列表"
              placeholder="输入模型名称后回车，或点击获取模型"
              options={modelOptions}
              tokenSeparators={[',', '，', ' ']}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <HasPermi value={['ai:model:edit']}>
            <Button icon={<CloudDownloadOutlined />} loading={busy === 'models'} onClick={() => void loadModels()}>
              获取模型
            </Button>
          </HasPermi>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="默认模型" name="defaultModel" tooltip="客服未指定模型时使用">
        <Select
          aria-label="默认模型"
          placeholder="从模型列表中选择"
          options={(models ?? []).map((m) => ({ label: m, value: m }))}
          notFoundContent="请先在模型列表中添加模型"
        />
      </Form.Item>
      <Form.Item
        label="向量模型"
        name="embeddingModel"
        extra="填写后，知识库问答会在后台计算向量，与关键词一起检索；留空只用关键词检索"
        rules={[{ max: EMBEDDING_MODEL_MAX, message: `向量模型长度不能超过${EMBEDDING_MODEL_MAX}个字符` }]}
      >
        <Input placeholder="如 text-embedding-3-small（接口需支持 /embeddings）" maxLength={EMBEDDING_MODEL_MAX} allowClear />
      </Form.Item>
      <Form.Item
        label="超时(毫秒)"
        name="timeoutMs"
        rules={[
          { required: true, message: '超时时间不能为空' },
          { type: 'number', min: TIMEOUT_MIN, max: TIMEOUT_MAX, message: `超时时间必须在${TIMEOUT_MIN}到${TIMEOUT_MAX}毫秒之间` },
        ]}
      >
        <InputNumber min={TIMEOUT_MIN} max={TIMEOUT_MAX} step={1000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <DictRadioField label="状态" name="status" options={statuses} />
      <RemarkField />
      <HasPermi value={['ai:model:edit']}>
        <Form.Item label="连接测试">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button icon={<ApiOutlined />} loading={busy === 'test'} onClick={() => void test()}>
              测试连接
            </Button>
            {result && <TestResultView result={result} />}
          </Space>
        </Form.Item>
      </HasPermi>
    </>
  );
}
