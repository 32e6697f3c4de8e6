import { useId, useState } from 'react';
import { REPLY_POLICIES, REPLY_POLICY_LABELS, type ReplyPolicy } from '@acs/shared';
import type { DouyinSwitchAccount, DouyinSwitchChoice, DouyinSwitchData } from '../../../api/channel/douyinPublic';
import { parseTime } from '../../../utils/ruoyi';
import { AUTH_STATUS_HINTS, AUTH_STATUS_TONES, authStatusLabel, needsReauth } from '../../dyLogin/components/authStatus';
import { timeLeft } from '../../dyLogin/components/expiry';
import { Avatar } from '../../dyLogin/components/PublicFrame';

type Feedback = { ok: boolean; text: string } | null;

interface AccountCardProps {
  account: DouyinSwitchAccount;
  agents: DouyinSwitchData['agents'];
  staff: DouyinSwitchData['staff'];
  reauthUrl: string;
  now: number;
  /** Resolves with nothing on success, or the reason it was refused. */
  onSave: (choice: DouyinSwitchChoice) => Promise<string | undefined>;
}

const choiceOf = (a: DouyinSwitchAccount): DouyinSwitchChoice => ({
  accountId: a.accountId,
  agentId: a.agentId,
  staffUserId: a.staffUserId,
  replyPolicy: a.replyPolicy,
});

const sameChoice = (a: DouyinSwitchChoice, b: DouyinSwitchChoice) =>
  a.agentId === b.agentId && a.staffUserId === b.staffUserId && a.replyPolicy === b.replyPolicy;

interface PersonSelectProps {
  id: string;
  label: string;
  /** The option of nobody (value ''). */
  none: string;
  value: number | null;
  options: { value: number; label: string }[];
  onChange: (value: number | null) => void;
}

/** Who serves the account (an agent, a staff member), or nobody. */
function PersonSelect({ id, label, none, value, options, onChange }: PersonSelectProps) {
  return (
    <div className="dy-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Options with the current choice kept even when it is no longer listed (an unpublished agent, a disabled user). */
function withCurrent(options: { value: number; label: string }[], id: number | null, name: string) {
  return id === null || options.some((o) => o.value === id) ? options : [...options, { value: id, label: name || `#${id}` }];
}

/** One bound account: who it is, whether its authorisation holds, and who serves it (agent, staff member, policy). */
export default function AccountCard({ account, agents, staff, reauthUrl, now, onSave }: AccountCardProps) {
  const id = useId();
  const [saved, setSaved] = useState(() => choiceOf(account));
  const [choice, setChoice] = useState(saved);
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const tone = AUTH_STATUS_TONES[account.authStatus] ?? 'error';

  const change = (patch: Partial<DouyinSwitchChoice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setFeedback(null);
  };

  const save = async () => {
    setSaving(true);
    const refused = await onSave(choice);
    setSaving(false);
    if (refused) {
      setFeedback({ ok: false, text: refused });
    } else {
      setSaved(choice);
      setFeedback({ ok: true, text: '已保存' });
    }
  };

  const agentOptions = withCurrent(agents.map((a) => ({ value: a.agentId, label: a.name })), account.agentId, account.agentName);
  const staffOptions = withCurrent(staff.map((s) => ({ value: s.userId, label: s.nickName })), account.staffUserId, account.staffName);

  return (
    <article className="dy-account" aria-label={account.nickname}>
      <header className="dy-account-head">
        <div className="dy-profile">
          <Avatar src={account.avatar} name={account.nickname} />
          <div className="dy-account-name">
            <span className="dy-name">{account.nickname}</span>
            <span className="dy-note">
              授权有效期至 {parseTime(account.refreshExpiresTime, 'YYYY-MM-DD HH:mm')}（{timeLeft(account.refreshExpiresTime, now)}）
            </span>
          </div>
        </div>
        <span className="dy-account-tags">
          <span className={`dy-tag dy-tag-${tone}`}>{authStatusLabel(account.authStatus)}</span>
          {account.status !== '0' && <span className="dy-tag dy-tag-muted">已停用</span>}
        </span>
      </header>
      {needsReauth(account.authStatus) && (
        <p className={`dy-hint dy-hint-${tone}`}>
          {AUTH_STATUS_HINTS[account.authStatus]}
          {reauthUrl && (
            <>
              {' '}
              <a href={reauthUrl} target="_blank" rel="noopener noreferrer">
                重新授权
              </a>
            </>
          )}
        </p>
      )}
      <div className="dy-fields">
        <PersonSelect id={`${id}-agent`} label="AI客服" none="不绑定" value={choice.agentId} options={agentOptions} onChange={(agentId) => change({ agentId })} />
        <PersonSelect id={`${id}-staff`} label="负责员工" none="未指定" value={choice.staffUserId} options={staffOptions} onChange={(staffUserId) => change({ staffUserId })} />
        <div className="dy-field">
          <label htmlFor={`${id}-policy`}>回复方式</label>
          <select id={`${id}-policy`} value={choice.replyPolicy} onChange={(e) => change({ replyPolicy: e.target.value as ReplyPolicy })}>
            {REPLY_POLICIES.map((p) => (
              <option key={p} value={p}>
                {REPLY_POLICY_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <footer className="dy-account-foot">
        {feedback && (
          <span className={feedback.ok ? 'dy-feedback-ok' : 'dy-feedback-error'} role={feedback.ok ? 'status' : 'alert'}>
            {feedback.text}
          </span>
        )}
        <button type="button" className="dy-save" disabled={saving || sameChoice(choice, saved)} onClick={() => void save()}>
          {saving ? '保存中…' : '保存'}
        </button>
      </footer>
    </article>
  );
}
