import { message, Modal, notification } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApi } from './types';

/** antd's context-aware message, notification and modal, so they follow the shell's theme and locale. */
export default function FeedbackHolders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
