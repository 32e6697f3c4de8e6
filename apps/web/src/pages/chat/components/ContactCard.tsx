import { useId, useState, type FormEvent } from 'react';
import type { ContactFields } from '../../../api/chat';
import { contactPayload, validateContact, type ContactErrors, type ContactForm } from '../contact';

interface Props {
  consentText: string;
  /** Resolves to the server's error message, or undefined once stored. */
  onSubmit(fields: ContactFields): Promise<string | undefined>;
  onClose?(): void;
}

/** 留下联系方式: name, phone, WeChat and the consent the lead is stored with. */
export function ContactCard({ consentText, onSubmit, onClose }: Props) {
  const id = useId();
  const [form, setForm] = useState<ContactForm>({ name: '', phone: '', wechat: '', consent: false });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof ContactForm>(key: K, value: ContactForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const error = await onSubmit(contactPayload(form));
    setBusy(false);
    setServerError(error ?? '');
  };

  return (
    <form className="chat-contact" onSubmit={submit} noValidate aria-label="留下联系方式">
      <div className="chat-contact-head">
        <strong>留下联系方式</strong>
        {onClose && (
          <button type="button" className="chat-link" onClick={onClose}>
            收起
          </button>
        )}
      </div>
      <label className="chat-field" htmlFor={`${id}-name`}>
        <span>称呼</span>
        <input id={`${id}-name`} value={form.name} maxLength={20} placeholder="您的称呼（选填）" onChange={(e) => set('name', e.target.value)} />
      </label>
      <label className="chat-field" htmlFor={`${id}-phone`}>
        <span>手机号</span>
        <input
          id={`${id}-phone`}
          value={form.phone}
          inputMode="tel"
          maxLength={20}
          placeholder="请输入手机号"
          aria-invalid={Boolean(errors.phone)}
          onChange={(e) => set('phone', e.target.value)}
        />
      </label>
      <label className="chat-field" htmlFor={`${id}-wechat`}>
        <span>微信号</span>
        <input
          id={`${id}-wechat`}
          value={form.wechat}
          maxLength={20}
          placeholder="请输入微信号"
          aria-invalid={Boolean(errors.wechat)}
          onChange={(e) => set('wechat', e.target.value)}
        />
      </label>
      {errors.phone && <p className="chat-error" role="alert">{errors.phone}</p>}
      {errors.wechat && <p className="chat-error" role="alert">{errors.wechat}</p>}
      <label className="chat-consent">
        <input type="checkbox" checked={form.consent} onChange={(e) => set('consent', e.target.checked)} />
        <span>{consentText}</span>
      </label>
      {errors.consent && <p className="chat-error" role="alert">{errors.consent}</p>}
      {serverError && <p className="chat-error" role="alert">{serverError}</p>}
      <button type="submit" className="chat-primary" disabled={busy}>
        {busy ? '提交中…' : '提交'}
      </button>
    </form>
  );
}
