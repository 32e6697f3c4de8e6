import {
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../hooks/useAuth';
import { useAppStore } from '../../stores/app';
import { useSettingsStore } from '../../stores/settings';
import { useUserStore } from '../../stores/user';
import { confirmDialog } from '../../utils/feedback';
import { useOpenedOnce } from '../useOpenedOnce';
import LeadBell from './LeadBell';
import NoticeBar from './NoticeBar';
import { useFullscreen } from './useFullscreen';

const ChangePasswordDialog = lazy(() => import('../../components/ChangePasswordDialog'));

export const LOGOUT_CONFIRM = '确定注销并退出系统吗？';

/** Asks before ending the session, then reloads at /index so every cached page and store is reset. */
export function useLogout(): () => void {
  return () => {
    void confirmDialog({ content: LOGOUT_CONFIRM }).then(async (ok) => {
      if (!ok) return;
      await useUserStore.getState().logout();
      window.location.href = '/index';
    });
  };
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="navbar-icon" aria-label={label} title={label} onClick={onClick}>
      {children}
    </button>
  );
}

/** Top bar. `center` holds the top-level menu when top navigation is on. */
export default function Navbar({ center }: { center?: ReactNode }) {
  const navigate = useNavigate();
  const opened = useAppStore((s) => s.sidebar.opened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const toggleSideBar = useAppStore((s) => s.toggleSideBar);
  const setSettings = useSettingsStore((s) => s.set);
  const { name, nickName, deptName, avatar } = useUserStore();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordMounted = useOpenedOnce(passwordOpen);
  const logout = useLogout();
  const seesLeads = useAuth().hasPermi('crm:lead:list');

  // 个人中心 and 布局设置 are reachable here (the spec's navbar dropdown is disabled in the original,
  // which leaves them unreachable); 退出登录 asks the same confirmation as the logout icon.
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: '个人中心', onClick: () => navigate('/user/profile') },
    { key: 'settings', icon: <SettingOutlined />, label: '布局设置', onClick: () => setSettings({ showSettings: true }) },
    { key: 'password', icon: <KeyOutlined />, label: '修改密码', onClick: () => setPasswordOpen(true) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: logout },
  ];
  const displayName = nickName || name;

  return (
    <header className="navbar">
      <IconButton label={opened ? '收起菜单' : '展开菜单'} onClick={() => toggleSideBar()}>
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </IconButton>
      <div className="navbar-center">{center}</div>
      <div className="navbar-right">
        <NoticeBar compact={mobile} />
        {seesLeads && <LeadBell />}
        {!mobile && (
          <span className="navbar-welcome">
            欢迎您，<strong>{displayName}</strong>
            {deptName && <span className="navbar-dept">{deptName}</span>}
          </span>
        )}
        {!mobile && (
          <button type="button" className="navbar-link" onClick={() => setPasswordOpen(true)}>
            修改密码
          </button>
        )}
        {!mobile && (
          <IconButton label={fullscreen ? '退出全屏' : '全屏'} onClick={toggleFullscreen}>
            {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          </IconButton>
        )}
        <IconButton label="退出登录" onClick={logout}>
          <LogoutOutlined />
        </IconButton>
        <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
          <button type="button" className="navbar-avatar" aria-label="用户菜单">
            <Avatar size={30} src={avatar || undefined} icon={<UserOutlined />} />
            <DownOutlined />
          </button>
        </Dropdown>
      </div>
      {passwordMounted && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
