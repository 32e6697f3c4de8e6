import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import type { BossConnectorKey } from '../../../../api/channel/bossZP';

interface Props {
  recruiterName: string;
  connectorKey: BossConnectorKey;
  onClose: () => void;
}

/**
 * The new connector key, the only time its secret is shown: the page drops it when this closes, and the
 * server never returns it again. Only 我已保存 closes it, so a stray click cannot lose the secret.
 */
export default function KeySecretDialog({ recruiterName, connectorKey, onClose }: Props) {
  return (
    <Modal
      open
      title={`连接密钥 · ${recruiterName}`}
      width={620}
      maskClosable={false}
      keyboard={false}
      closable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="密钥只显示这一次"
        description="关闭后无法再次查看。请立即复制，填入该账号的自动化客户端；遗失后只能重新轮换（旧密钥随即失效）。"
      />
      <Descriptions column={1} bordered size="small" styles={{ label: { width: 96 } }}>
        <Descriptions.Item label="密钥ID">
          <Typography.Text code copyable={{ tooltips: ['复制密钥ID', '已复制'] }}>
            {connectorKey.keyId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="密钥">
          <Typography.Text code copyable={{ tooltips: ['复制密钥', '已复制'] }} style={{ wordBreak: 'break-all' }} aria-label="连接密钥">
            {connectorKey.secret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
