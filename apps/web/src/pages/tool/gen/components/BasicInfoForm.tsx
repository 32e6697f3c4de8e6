import { Col, Form, Input, Row, type FormInstance } from 'antd';
import { PASCAL_IDENTIFIER } from '@acs/shared';
import { dialogLabelCol, RemarkField, TextField } from '../../../../components/ListPage';

export interface BasicValues {
  tableName: string;
  tableComment: string;
  className: string;
  functionAuthor: string;
  remark?: string | null;
}

/** 基本信息 (screens §5.2). */
export default function BasicInfoForm({ form, initialValues }: { form: FormInstance<BasicValues>; initialValues: BasicValues }) {
  return (
    <Form form={form} name="gen-basic" labelCol={dialogLabelCol(150)} initialValues={initialValues}>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <TextField label="表名称" name="tableName" required="请输入表名称" maxLength={200} />
        </Col>
        <Col xs={24} lg={12}>
          <TextField label="表描述" name="tableComment" required="请输入表描述" maxLength={500} />
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item
            label="实体类名称"
            name="className"
            rules={[
              { required: true, message: '请输入实体类名称' },
              { pattern: PASCAL_IDENTIFIER, message: '实体类名称须以大写字母开头，只含字母和数字' },
            ]}
          >
            <Input placeholder="请输入实体类名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <TextField label="作者" name="functionAuthor" required="请输入作者" maxLength={50} />
        </Col>
        <Col span={24}>
          <RemarkField />
        </Col>
      </Row>
    </Form>
  );
}
