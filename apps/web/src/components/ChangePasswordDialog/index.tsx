import { Modal } from 'antd';
import { useUserStore } from '../../stores/user';
import PasswordForm from '../PasswordForm';

/** Navbar 修改密码: after a successful change the session ends and the app reloads at /index (spec §4). */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signOut = async () => {
    await useUserStore.getState().logout();
    window.location.href = '/index';
  };
  return (
    <Modal open={open} title="修改密码" width={500} footer={null} onCancel={onClose} destroyOnHidden>
      <PasswordForm cancelText="取消" onCancel={onClose} onSuccess={() => void signOut()} />
    </Modal>
  );
}
