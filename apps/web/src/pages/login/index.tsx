import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/guard';
import { useUserStore } from '../../stores/user';
import { AuthLayout, CaptchaImage, Field } from './AuthLayout';
import { clearRemembered, loadRemembered, saveRemembered } from './rememberMe';
import { useCaptcha } from './useCaptcha';
import { useAuthForm } from './useAuthForm';
import { validateLogin, type LoginFields } from './validation';

/** Registration stays off unless the build enables it (the seed config sys.account.registerUser is false). */
const REGISTER_ENABLED = import.meta.env.VITE_REGISTER === 'true';

/** The redirect query target, carrying along the other query parameters of the login URL. */
function targetAfterLogin(search: URLSearchParams): string {
  const target = safeRedirect(search.get('redirect'));
  const rest = new URLSearchParams(search);
  rest.delete('redirect');
  const extra = rest.toString();
  if (!extra) return target;
  return target + (target.includes('?') ? '&' : '?') + extra;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useUserStore((s) => s.login);
  const captcha = useCaptcha();
  const [rememberMe, setRememberMe] = useState(false);
  const { form, setForm, errors, loading, update, onSubmit } = useAuthForm<LoginFields>(
    { username: '', password: '', code: '' },
    validateLogin,
    captcha,
    async (fields) => {
      if (rememberMe) await saveRemembered(fields.username.trim(), fields.password);
      else clearRemembered();
      await login({ ...fields, uuid: captcha.uuid });
      await navigate(targetAfterLogin(search), { replace: true });
    },
  );

  useEffect(() => {
    let active = true;
    void loadRemembered().then((saved) => {
      if (!active || !saved.rememberMe) return;
      setForm((f) => ({ ...f, username: saved.username, password: saved.password }));
      setRememberMe(true);
    });
    return () => {
      active = false;
    };
  }, [setForm]);

  return (
    <AuthLayout subtitle="欢迎登录，请输入您的账号信息">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <Field
          label="账号"
          name="username"
          value={form.username}
          error={errors.username}
          autoComplete="username"
          onChange={(v) => update('username', v)}
        />
        <Field
          label="密码"
          name="password"
          type="password"
          value={form.password}
          error={errors.password}
          autoComplete="current-password"
          onChange={(v) => update('password', v)}
        />
        {captcha.enabled && (
          <Field
            label="验证码"
            name="code"
            value={form.code}
            error={errors.code}
            autoComplete="off"
            onChange={(v) => update('code', v)}
            addon={<CaptchaImage src={captcha.src} onRefresh={captcha.refresh} />}
          />
        )}
        <div className="auth-options">
          <label className="auth-check">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            记住密码
          </label>
          {REGISTER_ENABLED && (
            <Link className="auth-link" to="/register">
              立即注册
            </Link>
          )}
        </div>
        <button type="submit" className="auth-submit" disabled={loading}>
          {loading ? '登录中...' : '登录'}
        </button>
      </form>
    </AuthLayout>
  );
}
