import { useEffect, useState } from 'react';
import { Button, Card, Divider, Drawer, Form, Input, Space, Spin } from 'antd';
import { DeleteOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { getHomeContent, saveHomeContent, type HomeContent } from '../../../../api/crm/apply';
import ImageUpload from '../../../../components/ImageUpload';
import { toast } from '../../../../utils/feedback';
import { linkRule, maxLength, required } from './siteRules';

/** The server's limits (modules/crm/site/schema.ts). */
const MAX = { nav: 8, slides: 10, features: 6, footerBlocks: 6 } as const;

type ListName = 'nav' | 'slides' | ['hero', 'features'] | ['footer', 'blocks'];

/** A repeatable group (导航、轮播图 …): its items in cards, 添加 until the server's count. */
function Repeat({ name, label, max, empty, children }: { name: ListName; label: string; max: number; empty: object; children: (field: number) => React.ReactNode }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={`${label} ${index + 1}`}
              extra={<Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`删除${label}${index + 1}`} onClick={() => remove(field.name)} />}
            >
              {children(field.name)}
            </Card>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} disabled={fields.length >= max} onClick={() => add(empty)}>
            添加{label}（{fields.length}/{max}）
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

const text = (label: string, name: (string | number)[], max: number, opts: { required?: boolean; area?: boolean; placeholder?: string } = {}) => (
  <Form.Item label={label} name={name} rules={[...(opts.required ? [required(label)] : []), maxLength(label, max)]}>
    {opts.area ? <Input.TextArea rows={3} maxLength={max} showCount placeholder={opts.placeholder} /> : <Input maxLength={max} placeholder={opts.placeholder} />}
  </Form.Item>
);

const link = (label: string, name: (string | number)[], isRequired = false) => (
  <Form.Item label={label} name={name} rules={[...(isRequired ? [required(label)] : []), linkRule(label)]}>
    <Input maxLength={500} placeholder="https://… 、/chat?agent=1 或 #apply" />
  </Form.Item>
);

/** 首页配置: what /home shows (brand, navigation, slides, title block, footer, form texts), saved at once. */
export default function SiteDrawer({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<HomeContent>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getHomeContent()
      .then((res) => res.data && form.setFieldsValue(res.data))
      .finally(() => setLoading(false));
  }, [form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveHomeContent(values);
      toast.success('保存成功');
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      title="首页配置"
      size={760}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button icon={<ExportOutlined />} href="/home" target="_blank" rel="noopener">
          打开首页
        </Button>
      }
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取 消</Button>
          <Button type="primary" loading={saving} disabled={loading} onClick={() => void save().catch(() => undefined)}>
            保 存
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" aria-label="首页配置" className="apply-site-form">
          <Divider titlePlacement="start">站点</Divider>
          <div className="apply-site-row">
            {text('站点名称', ['brand', 'name'], 30, { required: true })}
            <Form.Item label="站点图标" name={['brand', 'logo']}>
              <ImageUpload limit={1} isShowTip={false} />
            </Form.Item>
          </div>
          <Divider titlePlacement="start">导航</Divider>
          <Repeat name="nav" label="导航" max={MAX.nav} empty={{ label: '', href: '' }}>
            {(i) => (
              <div className="apply-site-row">
                {text('导航名称', [i, 'label'], 20, { required: true })}
                {link('导航链接', [i, 'href'], true)}
              </div>
            )}
          </Repeat>
          <Divider titlePlacement="start">轮播图</Divider>
          <Repeat name="slides" label="轮播图" max={MAX.slides} empty={{ image: '', mobileImage: '', title: '', text: '', href: '' }}>
            {(i) => (
              <>
                <div className="apply-site-row">
                  <Form.Item label="电脑端图片（建议 1920×600）" name={[i, 'image']} rules={[{ required: true, message: '请上传轮播图片' }]}>
                    <ImageUpload limit={1} isShowTip={false} />
                  </Form.Item>
                  <Form.Item label="手机端图片（建议 750×560，可不传）" name={[i, 'mobileImage']}>
                    <ImageUpload limit={1} isShowTip={false} />
                  </Form.Item>
                </div>
                <div className="apply-site-row">
                  {text('轮播标题', [i, 'title'], 50)}
                  {link('轮播链接', [i, 'href'])}
                </div>
                {text('轮播说明', [i, 'text'], 200)}
              </>
            )}
          </Repeat>
          <Divider titlePlacement="start">标题区</Divider>
          {text('标题', ['hero', 'title'], 50, { required: true })}
          {text('副标题', ['hero', 'subtitle'], 200, { area: true })}
          <Repeat name={['hero', 'features']} label="特点" max={MAX.features} empty={{ title: '', text: '' }}>
            {(i) => (
              <div className="apply-site-row">
                {text('特点标题', [i, 'title'], 30, { required: true })}
                {text('特点说明', [i, 'text'], 200)}
              </div>
            )}
          </Repeat>
          <Divider titlePlacement="start">申请表单</Divider>
          <div className="apply-site-row">
            {text('表单标题', ['form', 'title'], 30, { required: true })}
            {text('提交按钮文字', ['form', 'submitText'], 10, { required: true })}
          </div>
          {text('表单说明', ['form', 'subtitle'], 200)}
          <div className="apply-site-row">
            {text('同意文字', ['form', 'consentText'], 50, { placeholder: '我已阅读并同意' })}
            {text('隐私说明标题', ['form', 'privacyTitle'], 20, { required: true })}
          </div>
          {text('隐私说明', ['form', 'privacyText'], 2000, { area: true })}
          <div className="apply-site-row">
            {text('提交成功标题', ['form', 'successTitle'], 30, { required: true })}
            {text('提交成功说明', ['form', 'successText'], 200)}
          </div>
          <Divider titlePlacement="start">页脚</Divider>
          <Repeat name={['footer', 'blocks']} label="页脚区块" max={MAX.footerBlocks} empty={{ title: '', text: '' }}>
            {(i) => (
              <>
                {text('页脚标题', [i, 'title'], 30)}
                {text('页脚内容', [i, 'text'], 500, { area: true })}
              </>
            )}
          </Repeat>
          <div style={{ marginTop: 16 }}>{text('版权信息', ['footer', 'copyright'], 100)}</div>
        </Form>
      </Spin>
    </Drawer>
  );
}
