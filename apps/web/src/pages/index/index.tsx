import { ClockCircleOutlined, EnvironmentOutlined, KeyOutlined, NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Empty, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { getInfo, type InfoUser } from '../../api/login';
import { listTopNotice, noticeTypeLabel, type Notice } from '../../api/system/notice';
import { AppIcon } from '../../components/AppIcon';
import NoticeDetailDialog from '../../layout/Navbar/NoticeDetailDialog';
import { NOTICE_TOP_KEY } from '../../layout/Navbar/NoticeBar';
import { buildMenu, type MenuEntry } from '../../layout/Sidebar/menu';
import { usePermissionStore } from '../../stores/permission';
import { useUserStore } from '../../stores/user';
import LiveNumbers from './components/LiveNumbers';
import { Panel, Placeholder } from './components/Panel';
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

function SessionRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="session-row">
      <dt>
        {icon}
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

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

/**
 * Landing page after sign-in: who is signed in, today's numbers and my latest leads (live), the pages
 * this user may open, and the latest notices.
 */
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
      <Panel className="workbench-hello">
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
      </Panel>

      <LiveNumbers />

      <div className="workbench-columns">
        <Panel title="快捷入口">
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
        </Panel>
        <div className="workbench-side">
          <Panel
            title={
              <>
                <NotificationOutlined /> 最新公告
              </>
            }
          >
            {notices.isLoading ? (
              <Placeholder rows={3} />
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
          </Panel>
          <Panel title="账号与登录">
            {info.isLoading ? (
              <Placeholder rows={4} />
            ) : (
              <dl className="session-rows">
                <SessionRow icon={<UserOutlined />} label="登录账号">
                  {user?.userName ?? name}
                </SessionRow>
                <SessionRow icon={<EnvironmentOutlined />} label="登录地址">
                  {user?.loginIp || '—'}
                </SessionRow>
                <SessionRow icon={<ClockCircleOutlined />} label="登录时间">
                  {user?.loginDate || '—'}
                </SessionRow>
                <SessionRow icon={<KeyOutlined />} label="安全">
                  {info.data?.isPasswordExpired ? (
                    <Tag color="error">密码已过期，请尽快修改</Tag>
                  ) : info.data?.isDefaultModifyPwd ? (
                    <Tag color="warning">仍在使用初始密码，请尽快修改</Tag>
                  ) : (
                    <Tag color="success">正常</Tag>
                  )}
                </SessionRow>
              </dl>
            )}
          </Panel>
        </div>
      </div>
      <NoticeDetailDialog notice={openNotice} onClose={() => setOpenNotice(null)} />
    </div>
  );
}
