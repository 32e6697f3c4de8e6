import { Form, Input, type FormInstance } from 'antd';
import type { DouyinApp } from '../../../../api/channel/dyConfig';
import { DictRadioField, RemarkField, TextField } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';

export const DEFAULT_API_BASE_URL = 'https://open.douyin.com';
const HTTP_URL = /^https?:\/\/[^\s/]+/i;
/** The columns of channel_douyin_app (the secret: the server's limit before sealing). */
const MAX = { name: 50, clientKey: 64, clientSecret: 200, apiBaseUrl: 255 } as const;

/** What the server takes for an app: the view's read-only fields stay behind, an empty secret keeps the stored one. */
export function appBody(app: DouyinApp): DouyinApp {
  const { appId, name, clientKey, clientSecret, apiBaseUrl, status, remark } = app;
  return { appId, name: name.trim(), clientKey: clientKey.trim(), apiBaseUrl: apiBaseUrl.trim(), status, remark, ...(clientSecret ? { clientSecret } : {}) };
}

/** The fields of the add/edit app dialog; the secret is never shown, only replaced. */
export default function AppFields({ form, statuses }: { form: FormInstance<DouyinApp>; statuses: DictOption[] }) {
  const appId = Form.useWatch('appId', { form, preserve: true });
  const hasSecret = Form.useWatch('hasSecret', { form, preserve: true });
  const keepsSecret = Boolean(appId && hasSecret);
  return (
    <>
      <TextField label="应用名称" name="name" required="应用名称不能为空" maxLength={MAX.name} placeholder="便于区分的名称，如 星河旗舰店" />
      <Form.Item
        label="Client Key"
        name="clientKey"
        tooltip="抖音开放平台「应用详情」中的 Client Key"
        rules={[
          { required: true, whitespace: true, message: 'Client Key 不能为空' },
          { pattern: /^\s*[\w.-]+\s*$/, message: 'Client Key 只能包含字母、数字、点、下划线和横线' },
        ]}
      >
        <Input placeholder="如 awxxxxxxxxxxxxxxxx" maxLength={MAX.clientKey} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Client Secret"
        name="clientSecret"
        tooltip="加密保存，保存后不再显示"
        rules={keepsSecret ? [] : [{ required: true, whitespace: true, message: 'Client Secret 不能为空' }]}
      >
        <Input.Password placeholder={keepsSecret ? '已设置，留空则不修改' : '请输入 Client Secret'} autoComplete="new-password" maxLength={MAX.clientSecret} />
      </Form.Item>
      <Form.Item
        label="接口地址"
        name="apiBaseUrl"
        extra="抖音开放平台的接口地址，一般无需修改；联调时可填写本地模拟平台的地址"
        rules={[
          { required: true, whitespace: true, message: '接口地址不能为空' },
          { pattern: HTTP_URL, message: '接口地址必须是以 http:// 或 https:// 开头的网址' },
        ]}
      >
        <Input placeholder={DEFAULT_API_BASE_URL} maxLength={MAX.apiBaseUrl} />
      </Form.Item>
      <DictRadioField label="状态" name="status" options={statuses} />
      <RemarkField />
    </>
  );
}
