import { useState } from 'react';
import { Alert } from 'antd';
import { useDict } from '../../../hooks/useDict';
import AccountSection from './components/AccountSection';
import AppSection from './components/AppSection';
import CopyableUrl from './components/CopyableUrl';
import LinkDialog, { type LinkKind } from './components/LinkDialog';
import './components/dyConfig.css';

/** How a business connects Douyin private messages, in the order it is done (docs/channels.md). */
function SetupSteps() {
  return (
    <ol className="dy-steps-list">
      <li>在抖音开放平台创建应用并开通私信相关能力，把应用的 Client Key 和 Client Secret 填到下方「抖音应用」。</li>
      <li>
        在抖音开放平台「控制台 → 设置 → 开发配置」中：Webhooks 填写应用的 Webhook 地址（列表中可复制），并订阅私信事件
        im_receive_msg、im_enter_direct_msg；授权回调地址填写
        <CopyableUrl path="/dyLogin" what="授权回调地址" />
      </li>
      <li>点击「绑定账号」生成授权链接，由抖音企业号的所有者扫码授权；绑定后为账号选择接待的 AI 客服和回复方式。</li>
    </ol>
  );
}

/** 抖音配置: the Douyin apps (credentials, webhook) and the enterprise accounts bound to them. */
export default function DyConfigPage() {
  const { sys_normal_disable: statuses = [] } = useDict('sys_normal_disable');
  const [link, setLink] = useState<{ kind: LinkKind; appId?: number } | null>(null);
  return (
    <div className="app-container dy-config">
      <Alert className="dy-setup" type="info" showIcon closable title="接入抖音私信" description={<SetupSteps />} />
      <AppSection statuses={statuses} onBind={(appId) => setLink({ kind: 'bind', appId })} />
      <AccountSection statuses={statuses} onLink={(kind) => setLink({ kind })} />
      {link && <LinkDialog kind={link.kind} appId={link.appId} onClose={() => setLink(null)} />}
    </div>
  );
}
