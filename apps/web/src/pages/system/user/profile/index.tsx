import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Tabs } from 'antd';
import {
  ApartmentOutlined,
  CalendarOutlined,
  MailOutlined,
  MobileOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { getUserProfile, type ProfileForm, type ProfileResult } from '../../../../api/system/user';
import PasswordForm from '../../../../components/PasswordForm';
import AvatarEditor from './AvatarEditor';
import UserInfoForm from './UserInfoForm';

const PROFILE_KEY = ['system', 'user', 'profile'];

function InfoRow({ icon, label, value }: { icon: ReactNode; label: string; value?: string | null }) {
  return (
    <li
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 12,
        padding: '11px 0',
        borderBottom: '1px solid #e7eaec',
        fontSize: 13,
      }}
    >
      <span style={{ whiteSpace: 'nowrap' }}>
        {icon} {label}
      </span>
      <span style={{ textAlign: 'right', wordBreak: 'break-all' }}>{value}</span>
    </li>
  );
}

function deptLine(res: ProfileResult): string {
  const dept = res.data?.dept?.deptName;
  if (!dept) return res.postGroup;
  return res.postGroup ? `${dept} / ${res.postGroup}` : dept;
}

/** 个人中心: the signed-in user's card with avatar, and tabs to edit basic data and change the password. */
export default function Profile() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: res } = useQuery({ queryKey: PROFILE_KEY, queryFn: getUserProfile });
  const user = res?.data;
  const close = () => navigate(-1);

  const initial = useMemo<ProfileForm | undefined>(
    () => user && { nickName: user.nickName, phonenumber: user.phonenumber, email: user.email, sex: user.sex },
    [user],
  );

  const saved = (form: ProfileForm) => {
    queryClient.setQueryData<ProfileResult>(PROFILE_KEY, (old) => old && { ...old, data: old.data && { ...old.data, ...form } });
  };

  return (
    <div className="app-container">
      <Row gutter={[20, 20]}>
        <Col xs={24} md={8} lg={6}>
          <Card title="个人信息">
            {res && user ? (
              <>
                <div style={{ textAlign: 'center' }}>
                  <AvatarEditor />
                </div>
                <ul style={{ listStyle: 'none', padding: 0, margin: '16px 0 0' }}>
                  <InfoRow icon={<UserOutlined />} label="用户名称" value={user.userName} />
                  <InfoRow icon={<MobileOutlined />} label="手机号码" value={user.phonenumber} />
                  <InfoRow icon={<MailOutlined />} label="用户邮箱" value={user.email} />
                  <InfoRow icon={<ApartmentOutlined />} label="所属部门" value={deptLine(res)} />
                  <InfoRow icon={<TeamOutlined />} label="所属角色" value={res.roleGroup} />
                  <InfoRow icon={<CalendarOutlined />} label="创建日期" value={user.createTime} />
                </ul>
              </>
            ) : (
              <Skeleton active avatar />
            )}
          </Card>
        </Col>
        <Col xs={24} md={16} lg={18}>
          <Card title="基本资料">
            <Tabs
              items={[
                {
                  key: 'userinfo',
                  label: '基本资料',
                  children: initial ? (
                    <UserInfoForm initial={initial} onSaved={saved} onClose={close} />
                  ) : (
                    <Skeleton active />
                  ),
                },
                { key: 'resetPwd', label: '修改密码', children: <PasswordForm onCancel={close} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
