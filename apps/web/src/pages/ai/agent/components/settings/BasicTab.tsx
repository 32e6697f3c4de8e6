import { Form, Input } from 'antd';
import ImageUpload from '../../../../../components/ImageUpload';

/** 基础: the name customers see and the avatar. */
export default function BasicTab() {
  return (
    <>
      <Form.Item
        label="客服名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '客服名称不能为空' },
          { max: 50, message: '客服名称长度不能超过50个字符' },
        ]}
      >
        <Input maxLength={50} placeholder="请输入客服名称" />
      </Form.Item>
      <Form.Item label="头像" name="avatar" extra="显示在聊天窗口和列表中，不上传则使用默认头像。">
        <ImageUpload limit={1} isShowTip={false} />
      </Form.Item>
    </>
  );
}
