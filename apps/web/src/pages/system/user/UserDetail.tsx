import { useEffect, useState } from 'react';
import { Descriptions, Drawer, Spin, Tag } from 'antd';
import { getUser, type UserFormChoices } from '../../../api/system/user';
import { useDict } from '../../../hooks/useDict';

interface UserDetailProps {
  userId: number | undefined;
  onClose: () => void;
}

/** 用户信息详情 drawer (screens §3.1, view.vue). */
export default function UserDetail({ userId, onClose }: UserDetailProps) {
  const [info, setInfo] = useState<UserFormChoices | null>(null);
  const { sys_user_sex: sexes = [] } = useDict('sys_user_sex');

  useEffect(() => {
    if (userId === undefined) return;
    setInfo(null);
    getUser(userId).then(setInfo).catch(onClose);
  }, [userId, onClose]);

  const u = info?.data;
  const postNames = info?.posts.filter((p) => info.postIds?.includes(p.postId)).map((p) => p.postName) ?? [];
  const roleNames = u?.roles.map((r) => r.roleName) ?? [];
  const dash = (v: string | null | undefined) => v || '-';

  return (
    <Drawer open={userId !== undefined} title="用户信息详情" size="68%" onClose={onClose} destroyOnHidden>
      <Spin spinning={!u}>
        {u && (
          <>
            <Descriptions title="基本信息" column={2} bordered size="small">
              <Descriptions.Item label="用户名称">{u.nickName}</Descriptions.Item>
              <Descriptions.Item label="归属部门">{dash(u.dept?.deptName)}</Descriptions.Item>
              <Descriptions.Item label="手机号码">{dash(u.phonenumber)}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{dash(u.email)}</Descriptions.Item>
              <Descriptions.Item label="登录账号">{u.userName}</Descriptions.Item>
              <Descriptions.Item label="用户状态">
                {u.status === '0' ? <Tag color="success">正常</Tag> : <Tag color="error">停用</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="岗位">{postNames.length ? postNames.join('、') : '无岗位'}</Descriptions.Item>
              <Descriptions.Item label="用户性别">{sexes.find((s) => s.value === u.sex)?.label ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="角色" span={2}>
                {roleNames.length ? roleNames.map((n) => <Tag key={n}>{n}</Tag>) : '无角色'}
              </Descriptions.Item>
            </Descriptions>
            <Descriptions title="其他信息" column={2} bordered size="small" style={{ marginTop: 16 }}>
              <Descriptions.Item label="创建者">{dash(u.createBy)}</Descriptions.Item>
              <Descriptions.Item label="创建时间">{dash(u.createTime)}</Descriptions.Item>
              <Descriptions.Item label="更新者">{dash(u.updateBy)}</Descriptions.Item>
              <Descriptions.Item label="更新时间">{dash(u.updateTime)}</Descriptions.Item>
              <Descriptions.Item label="最后登录IP">{dash(u.loginIp)}</Descriptions.Item>
              <Descriptions.Item label="最后登录时间">{dash(u.loginDate)}</Descriptions.Item>
              <Descriptions.Item label="备注" span={2}>{dash(u.remark)}</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Spin>
    </Drawer>
  );
}
