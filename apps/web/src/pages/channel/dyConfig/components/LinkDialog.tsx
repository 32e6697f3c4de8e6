import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Select, Space, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { douyinBindLink, douyinSwitchLink, type DouyinLink } from '../../../../api/channel/dyConfig';
import { dialogLabelCol } from '../../../../components/ListPage';
import { useFormName } from '../../../../components/ListPage/formName';
import { useAuth } from '../../../../hooks/useAuth';
import { parseTime } from '../../../../utils/ruoyi';
import { useAgentOptions } from '../../../ai/variable/components/useAgentOptions';
import { absoluteUrl, copyText } from './copyText';
import { useAppOptions } from './useAppOptions';

export type LinkKind = 'bind' | 'switch';

const KINDS = {
  bind: {
    title: '绑定抖音账号',
    intro: '生成授权链接后，在本机打开，或发给抖音企业号的所有者：对方用抖音扫码并同意授权，账号即绑定到所选应用。',
    open: '打开授权页',
    validity: '30 分钟内有效，仅可绑定一次',
  },
  switch: {
    title: '切换抖音账号',
    intro: '切换页列出应用下已绑定的账号，可为每个账号选择接待的 AI 客服、负责员工和回复方式。把链接发给负责切换的同事，对方无需登录后台。',
    open: '打开切换页',
    validity: '24 小时内有效',
  },
} as const;

interface LinkDialogProps {
  kind: LinkKind;
  /** The app chosen beforehand (绑定账号 of an app row). */
  appId?: number;
  onClose: () => void;
}

/** 绑定账号 / 切换账号: a signed link to /dyLogin or /dySwitch, with copy, open and its expiry. */
export default function LinkDialog({ kind, appId, onClose }: LinkDialogProps) {
  const texts = KINDS[kind];
  const auth = useAuth();
  const apps = useAppOptions().filter((a) => a.enabled);
  const agents = useAgentOptions(kind === 'bind' && auth.hasPermi('ai:agent:list'));
  const [form] = Form.useForm<{ appId?: number; agentId?: number }>();
  const name = useFormName('dyLink');
  const chosenApp = Form.useWatch('appId', form);
  const [link, setLink] = useState<DouyinLink | null>(null);
  const [busy, setBusy] = useState(false);
  const onlyApp = apps.length === 1 ? apps[0].value : undefined;

  // With a single app there is nothing to choose; the options arrive after the dialog opened.
  useEffect(() => {
    if (onlyApp !== undefined && !form.getFieldValue('appId')) form.setFieldValue('appId', onlyApp);
  }, [onlyApp, form]);

  const generate = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const res = kind === 'bind' ? await douyinBindLink({ appId: values.appId!, agentId: values.agentId ?? undefined }) : await douyinSwitchLink({ appId: values.appId! });
      setLink(res.data ?? null);
    } finally {
      setBusy(false);
    }
  };

  const url = link ? absoluteUrl(link.url) : '';
  return (
    <Modal open title={texts.title} width={600} footer={null} onCancel={onClose} destroyOnHidden>
      <p className="dy-muted">{texts.intro}</p>
      <Form
        form={form}
        name={name}
        labelCol={dialogLabelCol(80)}
        initialValues={{ appId }}
        onValuesChange={() => setLink(null)}
        onFinish={() => void generate().catch(() => undefined)}
      >
        <Form.Item label="抖音应用" name="appId" rules={[{ required: true, message: '请选择抖音应用' }]}>
          <Select aria-label="抖音应用" placeholder="请选择抖音应用" options={apps} notFoundContent="没有可用的应用，请先添加并启用抖音应用" />
        </Form.Item>
        {kind === 'bind' && (
          <Form.Item label="AI客服" name="agentId" tooltip="绑定后由该 AI 客服接待这个账号的私信，也可以稍后在账号列表中修改">
            <Select aria-label="AI客服" allowClear placeholder="稍后再选" options={agents} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        )}
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {link ? '重新生成' : '生成链接'}
          </Button>
          {kind === 'switch' && chosenApp && (
            <Button type="link" href={`/dySwitch?appId=${chosenApp}`} target="_blank" rel="noopener noreferrer">
              在本浏览器直接打开
            </Button>
          )}
        </Form.Item>
      </Form>
      {link && (
        <Alert
          type="success"
          showIcon
          title="链接已生成"
          description={
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text code className="dy-link-text" aria-label="生成的链接">
                {url}
              </Typography.Text>
              <Space wrap>
                <Button icon={<CopyOutlined />} onClick={() => void copyText(url, '链接')}>
                  复制链接
                </Button>
                <Button type="primary" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
                  {texts.open}
                </Button>
              </Space>
              <span className="dy-muted">
                有效期至 {parseTime(link.expiresTime)}（{texts.validity}）
              </span>
            </Space>
          }
        />
      )}
    </Modal>
  );
}
