import { useState } from 'react';
import { Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { uploadAvatar } from '../../../../api/system/user';
import AvatarCropper from '../../../../components/AvatarCropper';
import { useUserStore } from '../../../../stores/user';
import { toast } from '../../../../utils/feedback';

const SIZE = 120;

/** The round avatar of the personal centre; clicking it opens the 修改头像 cropper. */
export default function AvatarEditor() {
  const avatar = useUserStore((s) => s.avatar);
  const setAvatar = useUserStore((s) => s.setAvatar);
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState(false);

  const submit = async (png: Blob) => {
    try {
      const res = await uploadAvatar(png);
      setAvatar(res.imgUrl);
      toast.success('修改成功');
      setOpen(false);
    } catch {
      // The request layer already showed the server's message; the dialog stays open for another try.
    }
  };

  return (
    <>
      <button
        type="button"
        title="点击上传头像"
        aria-label="修改头像"
        onClick={() => setOpen(true)}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        style={{
          position: 'relative',
          width: SIZE,
          height: SIZE,
          padding: 0,
          border: 'none',
          borderRadius: '50%',
          overflow: 'hidden',
          cursor: 'pointer',
          background: 'none',
        }}
      >
        <img src={avatar} alt="头像" width={SIZE} height={SIZE} style={{ display: 'block', objectFit: 'cover' }} />
        <span
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 24,
            color: '#eee',
            background: 'rgba(0, 0, 0, 0.5)',
            opacity: hover ? 1 : 0,
            transition: 'opacity 0.2s',
          }}
        >
          <PlusOutlined />
        </span>
      </button>
      <Modal open={open} title="修改头像" width={800} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <AvatarCropper src={avatar} onSubmit={submit} />
      </Modal>
    </>
  );
}
