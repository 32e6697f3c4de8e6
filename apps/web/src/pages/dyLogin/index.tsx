import { useCallback, useEffect, useState } from 'react';
import { DouyinPublicError, fetchLoginInfo, type DouyinBindOutcome, type DouyinBindResult, type DouyinLoginInfo } from '../../api/channel/douyinPublic';
import { parseTime } from '../../utils/ruoyi';
import { exchangeOnce } from './components/bindExchange';
import { isPast, timeLeft } from './components/expiry';
import { Avatar, PublicFrame, RetryView, StateView } from './components/PublicFrame';
import { useNow } from './components/useNow';

type View =
  | { kind: 'loading'; text: string }
  | { kind: 'ready'; info: DouyinLoginInfo }
  | { kind: 'result'; result: DouyinBindResult }
  | { kind: 'linkExpired'; message: string }
  | { kind: 'linkInvalid'; message: string }
  | { kind: 'error'; message: string };

type Tone = 'success' | 'warning' | 'error';

const RESULTS: Record<DouyinBindOutcome, { tone: Tone; title: string; hint: string }> = {
  bound: { tone: 'success', title: '绑定成功', hint: '该账号收到的抖音私信将由客服系统接待，您可以关闭此页面。' },
  already: { tone: 'success', title: '该账号已绑定', hint: '授权信息已更新，无需其他操作，您可以关闭此页面。' },
  expired: { tone: 'warning', title: '链接已过期', hint: '授权链接已失效或已使用过，请向管理员重新获取绑定链接。' },
  refused: { tone: 'warning', title: '已拒绝授权', hint: '您在抖音中取消了授权，账号没有绑定。如需绑定，请重新打开管理员发送的链接。' },
  failed: { tone: 'error', title: '绑定失败', hint: '请稍后重新打开绑定链接再试，或联系管理员。' },
};

const messageOf = (error: unknown) => (error instanceof DouyinPublicError ? error.message : '请求失败，请稍后再试');

/** The server's refusal of a link: expired (ask again) or not one of ours. */
function linkErrorView(error: unknown): View {
  const message = messageOf(error);
  if (error instanceof DouyinPublicError && message.includes('过期')) return { kind: 'linkExpired', message };
  if (error instanceof DouyinPublicError && message.includes('链接无效')) return { kind: 'linkInvalid', message };
  return { kind: 'error', message };
}

const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);

function ResultView({ result }: { result: DouyinBindResult }) {
  const { tone, title, hint } = RESULTS[result.result] ?? RESULTS.failed;
  const bound = result.result === 'bound' || result.result === 'already';
  return (
    <StateView tone={tone} title={title}>
      {bound && result.nickname !== undefined && (
        <div className="dy-profile dy-profile-center">
          <Avatar src={result.avatar} name={result.nickname} large />
          <span className="dy-name">{result.nickname}</span>
        </div>
      )}
      {/* A success needs no more than the title, the account and what next; a failure says why, in the server's words. */}
      <p className="dy-muted">{bound ? hint : result.message || hint}</p>
    </StateView>
  );
}

function ReadyView({ info, now }: { info: DouyinLoginInfo; now: number }) {
  if (isPast(info.expiresTime, now)) {
    return (
      <StateView tone="warning" title="链接已过期">
        <p className="dy-muted">请向管理员重新获取绑定链接。</p>
      </StateView>
    );
  }
  return (
    <section>
      <h1 className="dy-title">绑定抖音企业号</h1>
      <p className="dy-muted">授权后，该账号收到的抖音私信将由 AI 客服自动接待，客服人员也可以在后台接手回复。</p>
      <div className="dy-app">
        <span className="dy-muted">授权给应用</span>
        <strong>{info.appName}</strong>
      </div>
      <ol className="dy-steps">
        <li>点击下方按钮，打开抖音开放平台的授权页面。</li>
        <li>电脑上会显示授权二维码：请用要绑定的抖音企业号在抖音 App 中扫码；在手机上会直接打开抖音确认。</li>
        <li>在抖音中点击“同意授权”，完成后会自动回到本页显示绑定结果。</li>
      </ol>
      {isHttpUrl(info.authorizeUrl) ? (
        <a className="dy-primary" href={info.authorizeUrl}>
          使用抖音扫码授权
        </a>
      ) : (
        <p role="alert">授权地址无效，请联系管理员检查应用配置。</p>
      )}
      <p className="dy-note">
        本链接{timeLeft(info.expiresTime, now)}（有效期至 {parseTime(info.expiresTime, 'MM-DD HH:mm')}），仅可绑定一次。
      </p>
    </section>
  );
}

/**
 * /dyLogin (public): the owner of a Douyin enterprise account authorises the app by QR code. Opened with the
 * console's signed ?link=, it sends the owner to the platform; the platform sends them back with ?code=&state=
 * (or ?error=&state= when refused), which the server exchanges for the account's tokens.
 */
export default function DyLoginPage() {
  const [view, setView] = useState<View>({ kind: 'loading', text: '正在加载…' });
  const now = useNow();

  const load = useCallback(() => {
    const params = new URLSearchParams(window.location.search);
    const link = params.get('link');
    if (params.get('state')) {
      setView({ kind: 'loading', text: '正在完成授权，请稍候…' });
      exchangeOnce(params).then(
        (result) => setView({ kind: 'result', result }),
        (error: unknown) => setView({ kind: 'error', message: messageOf(error) }),
      );
    } else if (link) {
      setView({ kind: 'loading', text: '正在加载…' });
      fetchLoginInfo(link).then(
        (info) => setView({ kind: 'ready', info }),
        (error: unknown) => setView(linkErrorView(error)),
      );
    } else {
      setView({ kind: 'linkInvalid', message: '缺少绑定链接，请打开管理员在「抖音配置」中生成的绑定链接。' });
    }
  }, []);

  useEffect(() => {
    document.title = '抖音账号授权';
    load();
  }, [load]);

  return (
    <PublicFrame caption="抖音账号授权">
      {view.kind === 'loading' && <StateView title={view.text} />}
      {view.kind === 'ready' && <ReadyView info={view.info} now={now} />}
      {view.kind === 'result' && <ResultView result={view.result} />}
      {view.kind === 'linkExpired' && (
        <StateView tone="warning" title="链接已过期">
          <p className="dy-muted">{view.message}</p>
        </StateView>
      )}
      {view.kind === 'linkInvalid' && (
        <StateView tone="error" title="链接无效">
          {/* The server's refusal is the title itself; a page opened without a link says what is missing. */}
          {view.message !== '链接无效' && <p className="dy-muted">{view.message}</p>}
          <p className="dy-note">请确认链接完整，或向管理员重新获取。</p>
        </StateView>
      )}
      {view.kind === 'error' && <RetryView message={view.message} onRetry={load} />}
    </PublicFrame>
  );
}
