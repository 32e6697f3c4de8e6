import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Col, Form, Input, Row, Space, Table } from 'antd';
import { getAuthRole, updateAuthRole, type AuthRoleResult, type SysRoleOption } from '../../../api/system/user';
import { useCloseTab } from '../../../hooks/useCloseTab';
import { toast } from '../../../utils/feedback';
import { parseTime } from '../../../utils/ruoyi';

const PAGE_SIZE = 10;

/** 分配角色 (screens §3.2): the user's roles picked from every assignable role, paged on the client. */
export default function AuthRole() {
  const { userId } = useParams();
  const id = Number(userId);
  const close = useCloseTab('/system/user');
  const [info, setInfo] = useState<AuthRoleResult | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!id) return;
    getAuthRole(id)
      .then((res) => {
        setInfo(res);
        setSelected(res.roles.filter((r) => r.flag).map((r) => r.roleId));
      })
      .catch(() => setInfo(null));
  }, [id]);

  const submit = async () => {
    setSaving(true);
    try {
      await updateAuthRole(id, selected);
      toast.success('授权成功');
      close();
    } finally {
      setSaving(false);
    }
  };

  const selectable = (r: SysRoleOption) => r.status === '0';
  const toggle = (r: SysRoleOption) => {
    if (!selectable(r)) return;
    setSelected((s) => (s.includes(r.roleId) ? s.filter((x) => x !== r.roleId) : [...s, r.roleId]));
  };

  return (
    <div className="app-container">
      <Card title="基本信息" size="small" style={{ marginBottom: 12 }}>
        <Form layout="vertical">
          <Row gutter={24}>
            <Col xs={24} sm={8}>
              <Form.Item label="用户昵称">
                <Input disabled value={info?.user.nickName ?? ''} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item label="登录账号">
                <Input disabled value={info?.user.userName ?? ''} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card title="角色信息" size="small">
        <Table<SysRoleOption>
          rowKey="roleId"
          size="middle"
          loading={!info}
          dataSource={info?.roles ?? []}
          onRow={(r) => ({ onClick: () => toggle(r) })}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (r) => ({ disabled: !selectable(r) }),
          }}
          pagination={{ current: page, pageSize: PAGE_SIZE, onChange: setPage, hideOnSinglePage: true }}
          columns={[
            { title: '序号', align: 'center', width: 70, render: (_v, _r, i) => (page - 1) * PAGE_SIZE + i + 1 },
            { title: '角色编号', dataIndex: 'roleId', align: 'center' },
            { title: '角色名称', dataIndex: 'roleName', align: 'center' },
            { title: '权限字符', dataIndex: 'roleKey', align: 'center' },
            { title: '创建时间', dataIndex: 'createTime', align: 'center', render: (v: string) => parseTime(v) },
          ]}
        />
        <Space style={{ display: 'flex', justifyContent: 'center', marginTop: 16 }}>
          <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
            提交
          </Button>
          <Button onClick={close}>返回</Button>
        </Space>
      </Card>
    </div>
  );
}
