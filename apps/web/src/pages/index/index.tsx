import { ClockCircleOutlined, EnvironmentOutlined, KeyOutlined, NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { getInfo, type InfoUser } from '../../api/login';
import { listTopNotice, noticeTypeLabel, type Notice } from '../../api/system/notice';
import { AppIcon } from '../../components/AppIcon';
import NoticeDetail from '../../layout/Navbar/NoticeDetail';
import { NOTICE_TOP_KEY } from '../../layout/Navbar/NoticeBar';
import { buildMenu, type MenuEntry } from '../../layout/Sidebar/menu';
import { usePermissionStore } from '../../stores/permission';
import { useUserStore } from '../../stores/user';
import { greeting, shortcutGroups } from './components/shortcuts';
import './index.css';

/** The getInfo user carries the last login fields besides what the user store keeps. */
type SessionUser = InfoUser & {
  loginIp?: string | null;
  loginDate?: string | null;
  email?: string | null;
  phonenumber?: string | null;
  roles?: { roleId: number; roleName: string }[] | null;
};

function Shortcut({ entry }: { entry: MenuEntry }) {
  const body = (
    <>
      <span className="shortcut-icon">
        <AppIcon name={entry.icon ?? 'link'} />
      </span>
      <span className="shortcut-title">{entry.title}</span>
    </>
  );
  return entry.external ? (
    <a className="shortcut" href={entry.key} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  ) : (
    <Link className="shortcut" to={entry.key + entry.search}>
      {body}
    </Link>
  );
}

/** Landing page after sign-in: who is signed in, the pages this user may open, and the latest notices. */
export default function Workbench() {
  const { name, nickName, deptName, avatar } = useUserStore();
  const routes = usePermissionStore((s) => s.sidebarRouters);
  const groups = useMemo(() => shortcutGroups(buildMenu(routes)), [routes]);
  const info = useQuery({ queryKey: ['getInfo'], queryFn: getInfo });
  const notices = useQuery({ queryKey: NOTICE_TOP_KEY, queryFn: listTopNotice });
  const [openNotice, setOpenNotice] = useState<Notice | null>(null);
  const user = info.data?.user as SessionUser | undefined;
  const roleNames = user?.roles?.map((r) => r.roleName).filter(Boolean) ?? [];

  return (
    <div className="workbench">
      <Card className="workbench-hello" variant="borderless">
        <div className="hello-main">
          <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} />
          <div>
            <h2>
              {greeting(dayjs().hour())}，{nickName || name}
            </h2>
            <p>
              {deptName && <Tag color="processing">{deptName}</Tag>}
              {roleNames.map((r) => (
                <Tag key={r}>{r}</Tag>
              ))}
              <span className="hello-date">{dayjs().format('YYYY年M月D日 dddd')}</span>
            </p>
          </div>
        </div>
        <div className="hello-actions">
          <Link to="/user/profile">
            <Button icon={<UserOutlined />}>个人中心</Button>
          </Link>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="快捷入口" variant="borderless">
            {groups.length === 0 ? (
              <Empty description="当前账号还没有可用的菜单，请联系管理员分配角色权限" />
            ) : (
              groups.map((group) => (
                <section key={group.title} className="shortcut-group">
                  <h4>{group.title}</h4>
                  <div className="shortcut-grid">
                    {group.items.map((entry) => (
                      <Shortcut key={entry.key} entry={entry} />
                    ))}
                  </div>
                </section>
              ))
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title={
              <span>
                <NotificationOutlined /> 最新公告
              </span>
            }
            variant="borderless"
            className="workbench-notices"
          >
            {notices.isLoading ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (notices.data?.data ?? []).length === 0 ? (
              <Empty description="暂无公告" />
            ) : (
              <ul className="notice-rows">
                {(notices.data?.data ?? []).map((n) => (
                  <li key={n.noticeId}>
                    <button type="button" className={n.isRead ? 'is-read' : undefined} onClick={() => setOpenNotice(n)}>
                      <span className="notice-row-title">
                        <Tag color={n.noticeType === '1' ? 'warning' : 'success'}>{noticeTypeLabel(n.noticeType)}</Tag>
                        {n.noticeTitle}
                      </span>
                      <span className="notice-row-time">{n.createTime}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="账号与登录" variant="borderless" className="workbench-session">
            {info.isLoading ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={<span className="session-label"><UserOutlined />登录账号</span>}>{user?.userName ?? name}</Descriptions.Item>
                <Descriptions.Item label={<span className="session-label"><EnvironmentOutlined />登录地址</span>}>{user?.loginIp || '—'}</Descriptions.Item>
                <Descriptions.Item label={<span className="session-label"><ClockCircleOutlined />登录时间</span>}>{user?.loginDate || '—'}</Descriptions.Item>
                <Descriptions.Item label={<span className="session-label"><KeyOutlined />安全</span>}>
                  {info.data?.isPasswordExpired ? (
                    <Tag color="error">密码已过期，请尽快修改</Tag>
                  ) : info.data?.isDefaultModifyPwd ? (
                    <Tag color="warning">仍在使用初始密码，请尽快修改</Tag>
                  ) : (
                    <Tag color="success">正常</Tag>
                  )}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
      </Row>
      <NoticeDetail notice={openNotice} onClose={() => setOpenNotice(null)} />
    </div>
  );
}
