import { useCallback, useEffect, useState } from 'react';
import {
  consoleToken,
  DouyinPublicError,
  fetchSwitch,
  saveSwitch,
  type DouyinSwitchAccess,
  type DouyinSwitchChoice,
  type DouyinSwitchData,
} from '../../api/channel/douyinPublic';
import { PublicFrame, RetryView, StateView } from '../dyLogin/components/PublicFrame';
import { useNow } from '../dyLogin/components/useNow';
import AccountCard from './components/AccountCard';
import './dySwitch.css';

type View = { kind: 'loading' } | { kind: 'ready'; data: DouyinSwitchData } | { kind: 'denied'; message: string } | { kind: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof DouyinPublicError ? error.message : '请求失败，请稍后再试');

/** ?link= (a signed link from 抖音配置), or ?appId= with this browser's console session. */
function accessFromUrl(): DouyinSwitchAccess | string {
  const params = new URLSearchParams(window.location.search);
  const link = params.get('link');
  if (link) return { link };
  const appId = Number(params.get('appId'));
  if (!consoleToken()) return '请使用管理员发送的切换链接，或登录管理后台后从「抖音配置」打开此页面。';
  if (!Number.isInteger(appId) || appId <= 0) return '缺少应用参数，请从管理后台「抖音配置」打开此页面。';
  return { appId };
}

/**
 * /dySwitch (public): the accounts bound to a Douyin app, and for each the AI agent that answers it, the staff
 * member who serves it and the reply policy; expiring or expired authorisations are explained, with a link
 * for the owner to scan again.
 */
export default function DySwitchPage() {
  const [access] = useState(accessFromUrl);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const now = useNow();

  const load = useCallback(() => {
    if (typeof access === 'string') {
      setView({ kind: 'denied', message: access });
      return;
    }
    setView({ kind: 'loading' });
    fetchSwitch(access).then(
      (data) => setView({ kind: 'ready', data }),
      (error: unknown) => setView({ kind: error instanceof DouyinPublicError ? 'denied' : 'error', message: messageOf(error) }),
    );
  }, [access]);

  useEffect(() => {
    document.title = '抖音账号切换';
    load();
  }, [load]);

  const save = async (choice: DouyinSwitchChoice): Promise<string | undefined> => {
    if (typeof access === 'string') return access;
    try {
      await saveSwitch(access, choice);
      return undefined;
    } catch (error) {
      return messageOf(error);
    }
  };

  if (view.kind !== 'ready') {
    return (
      <PublicFrame caption="抖音账号切换">
        {view.kind === 'loading' && <StateView title="正在加载…" />}
        {view.kind === 'denied' && (
          <StateView tone="warning" title="无法打开">
            <p className="dy-muted">{view.message}</p>
          </StateView>
        )}
        {view.kind === 'error' && <RetryView message={view.message} onRetry={load} />}
      </PublicFrame>
    );
  }

  const { data } = view;
  return (
    <PublicFrame caption="抖音账号切换" wide>
      <h1 className="dy-title">{data.appName}</h1>
      <p className="dy-muted">为每个抖音账号选择接待私信的 AI 客服、负责人工回复的员工和回复方式，保存后立即生效。</p>
      {data.accounts.length === 0 ? (
        <div className="dy-empty">
          <p className="dy-muted">该应用还没有绑定抖音账号。</p>
          {data.reauthUrl && (
            <a className="dy-secondary" href={data.reauthUrl} target="_blank" rel="noopener noreferrer">
              绑定抖音账号
            </a>
          )}
        </div>
      ) : (
        <div className="dy-accounts">
          {data.accounts.map((a) => (
            <AccountCard key={a.accountId} account={a} agents={data.agents} staff={data.staff} reauthUrl={data.reauthUrl} now={now} onSave={save} />
          ))}
        </div>
      )}
    </PublicFrame>
  );
}
