import { useId, useState, type FormEvent } from 'react';
import type { HomeContent } from '../../../api/crm/apply';
import { applyPayload, COMPANY_MAX, EMPTY_FORM, NAME_MAX, NEED_MAX, validateApply, type ApplyErrors, type ApplyForm } from '../applyForm';
import type { ApplyInput } from '../homeApi';

interface Props {
  texts: HomeContent['form'];
  /** Resolves to the server's refusal, or undefined once the application is in. */
  onSubmit(body: ApplyInput): Promise<string | undefined>;
}

/** 申请试用: name, phone, company, need and the consent; checked under each field, then a thank-you. */
export function ApplyFormCard({ texts, onSubmit }: Props) {
  const id = useId();
  const [form, setForm] = useState<ApplyForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<ApplyErrors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);

  const set = <K extends keyof ApplyForm>(key: K, value: ApplyForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setServerError('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateApply(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const error = await onSubmit(applyPayload(form));
    setBusy(false);
    if (error) setServerError(error);
    else setDone(true);
  };

  if (done) {
    return (
      <div className="home-form home-form-done" role="status">
        <div className="home-done-icon" aria-hidden="true">✓</div>
        <h2>{texts.successTitle}</h2>
        {texts.successText && <p>{texts.successText}</p>}
      </div>
    );
  }

  const field = (key: 'name' | 'phone', label: string, input: Partial<React.InputHTMLAttributes<HTMLInputElement>>) => (
    <div className="home-field">
      <label htmlFor={`${id}-${key}`}>
        {label}
        <span className="home-required" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={`${id}-${key}`}
        value={form[key]}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => set(key, e.target.value)}
        {...input}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="home-error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form className="home-form" onSubmit={submit} noValidate aria-label={texts.title}>
      <h2>{texts.title}</h2>
      {texts.subtitle && <p className="home-form-sub">{texts.subtitle}</p>}
      {field('name', '姓名', { maxLength: NAME_MAX, autoComplete: 'name', placeholder: '请输入您的姓名' })}
      {field('phone', '手机号', { maxLength: 20, inputMode: 'tel', autoComplete: 'tel', placeholder: '请输入手机号码' })}
      <div className="home-field">
        <label htmlFor={`${id}-company`}>公司名称</label>
        <input id={`${id}-company`} value={form.company} maxLength={COMPANY_MAX} autoComplete="organization" placeholder="选填" onChange={(e) => set('company', e.target.value)} />
      </div>
      <div className="home-field">
        <label htmlFor={`${id}-need`}>需求描述</label>
        <textarea id={`${id}-need`} value={form.need} maxLength={NEED_MAX} rows={3} placeholder="选填：您想解决的问题、使用的渠道等" onChange={(e) => set('need', e.target.value)} />
        <span className="home-count">
          {form.need.length}/{NEED_MAX}
        </span>
      </div>
      {/* The honeypot: off screen and out of the tab order, so only a form-filling bot writes here. */}
      <div className="home-hp" aria-hidden="true">
        <label htmlFor={`${id}-website`}>网址</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" value={form.website} onChange={(e) => set('website', e.target.value)} />
      </div>
      <div className="home-consent">
        <label>
          <input type="checkbox" checked={form.consent} aria-invalid={Boolean(errors.consent)} onChange={(e) => set('consent', e.target.checked)} />
          <span>{texts.consentText}</span>
        </label>
        <button type="button" className="home-link" aria-expanded={privacyOpen} onClick={() => setPrivacyOpen((o) => !o)}>
          {texts.privacyTitle}
        </button>
      </div>
      {privacyOpen && <p className="home-privacy">{texts.privacyText}</p>}
      {errors.consent && <p className="home-error">{errors.consent}</p>}
      {serverError && (
        <p className="home-error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="home-primary home-submit" disabled={busy}>
        {busy ? '提交中…' : texts.submitText}
      </button>
    </form>
  );
}
