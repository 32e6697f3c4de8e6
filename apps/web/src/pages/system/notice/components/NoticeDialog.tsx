import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Radio, Row, Select, Skeleton, Spin } from 'antd';
import { addNotice, getNotice, updateNotice, type NoticeForm } from '../../../../api/system/notice';
import type { EditorProps } from '../../../../components/Editor';
import { dialogLabelCol } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';
import { toast } from '../../../../utils/feedback';

// The editor is only needed here, so its code downloads when the dialog first opens.
const Editor = lazy(() => import('../../../../components/Editor'));

/** Form.Item hands value/onChange to its direct child, so the lazy boundary sits inside this wrapper. */
function LazyEditor(props: EditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}

const EMPTY: NoticeForm = { noticeTitle: '', noticeType: '', status: '0', noticeContent: '' };

interface FormProps {
  noticeId: number;
  types: DictOption[];
  statuses: DictOption[];
  onClose: () => void;
  onSaved: () => void;
}

function NoticeFormBody({ noticeId, types, statuses, onClose, onSaved }: FormProps) {
  const [form] = Form.useForm<NoticeForm>();
  const [loading, setLoading] = useState(noticeId > 0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!noticeId) return;
    let current = true;
    getNotice(noticeId)
      .then((res) => {
        if (!current || !res.data) return;
        const { noticeTitle, noticeType, status, noticeContent } = res.data;
        form.setFieldsValue({ noticeTitle, noticeType, status, noticeContent: noticeContent ?? '' });
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [noticeId, form]);

  const submit = async (values: NoticeForm) => {
    setSaving(true);
    try {
      if (noticeId) await updateNotice({ ...values, noticeId });
      else await addNotice(values);
      toast.success(noticeId ? '修改成功' : '新增成功');
      onSaved();
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin spinning={loading}>
      <Form form={form} name="notice" labelCol={dialogLabelCol(80)} initialValues={EMPTY} onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="noticeTitle" label="公告标题" rules={[{ required: true, whitespace: true, message: '公告标题不能为空' }]}>
              <Input placeholder="请输入公告标题" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="noticeType" label="公告类型" rules={[{ required: true, message: '公告类型不能为空' }]}>
              <Select placeholder="请选择公告类型" options={types} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="status" label="状态">
          <Radio.Group options={statuses} />
        </Form.Item>
        <Form.Item name="noticeContent" label="内容">
          <LazyEditor minHeight={192} />
        </Form.Item>
        <div className="dialog-footer" style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            确 定
          </Button>
          <Button onClick={onClose}>取 消</Button>
        </div>
      </Form>
    </Spin>
  );
}

interface NoticeDialogProps extends Omit<FormProps, 'noticeId'> {
  /** null: closed; 0: add; an id: edit that notice. */
  noticeId: number | null;
}

/** 添加公告 / 修改公告 (screens catalogue §3.12); the form is created fresh on every open. */
export default function NoticeDialog({ noticeId, ...rest }: NoticeDialogProps) {
  // The title of the last open state stays while the dialog animates out.
  const [title, setTitle] = useState('添加公告');
  const nextTitle = noticeId ? '修改公告' : '添加公告';
  if (noticeId !== null && title !== nextTitle) setTitle(nextTitle);
  return (
    <Modal open={noticeId !== null} title={title} width={780} footer={null} onCancel={rest.onClose} destroyOnHidden>
      {noticeId !== null && <NoticeFormBody key={noticeId} noticeId={noticeId} {...rest} />}
    </Modal>
  );
}
