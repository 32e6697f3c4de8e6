import type { ReactNode } from 'react';
import { PRODUCT_TITLE } from '@acs/shared';
import './auth.css';

const YEAR = new Date().getFullYear();

/** Frame shared by the sign-in and registration pages (plain React and CSS: no antd on this route). */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <aside className="auth-brand" aria-hidden="true">
        <div className="auth-brand-inner">
          <div className="auth-logo">AI</div>
          <h2>{PRODUCT_TITLE}</h2>
          <p>智能接待 · 线索留资 · 分配跟进，一站式管理您的客服团队</p>
        </div>
      </aside>
      <main className="auth-main">
        <div className="auth-card">
          <h1 className="auth-title">{PRODUCT_TITLE}</h1>
          <p className="auth-subtitle">{subtitle}</p>
          {children}
        </div>
        <footer className="auth-footer">Copyright © {YEAR} {PRODUCT_TITLE} All Rights Reserved.</footer>
      </main>
    </div>
  );
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  maxLength?: number;
  onChange(value: string): void;
  /** Extra content on the right of the input (the captcha image). */
  addon?: ReactNode;
}

export function Field({ label, name, value, error, type = 'text', autoComplete, maxLength, onChange, addon }: FieldProps) {
  const errorId = `${name}-error`;
  return (
    <div className={`auth-field${error ? ' has-error' : ''}`}>
      <label htmlFor={name}>{label}</label>
      <div className="auth-input-row">
        <input
          id={name}
          name={name}
          type={type}
          value={value}
          placeholder={label}
          autoComplete={autoComplete}
          maxLength={maxLength}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {addon}
      </div>
      {error && (
        <div className="auth-error" id={errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function CaptchaImage({ src, onRefresh }: { src: string; onRefresh(): void }) {
  return (
    <button type="button" className="auth-captcha" onClick={onRefresh} title="看不清？点击刷新">
      {src ? <img src={src} alt="验证码" /> : <span>加载中</span>}
    </button>
  );
}
