import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { register } from '../../api/login';
import { AuthLayout, CaptchaImage, Field } from '../login/AuthLayout';
import { useCaptcha } from '../login/useCaptcha';
import { useAuthForm } from '../login/useAuthForm';
import { validateRegister, type RegisterFields } from '../login/validation';
import { useRegisterSwitch } from './useRegisterSwitch';
import './register.css';

const REGISTER_OFF = '当前系统没有开启注册功能';

export default function RegisterPage() {
  const registerSwitch = useRegisterSwitch();
  return (
    <AuthLayout subtitle="注册新账号">
      {registerSwitch === 'checking' && <div className="register-checking" aria-busy="true" />}
      {registerSwitch === 'off' && (
        <div className="register-closed" role="status">
          <p>{REGISTER_OFF}</p>
          <Link className="auth-submit" to="/login">
            返回登录
          </Link>
        </div>
      )}
      {registerSwitch === 'on' && <RegisterForm />}
    </AuthLayout>
  );
}

/** The form, mounted only when registration is on (it fetches a captcha). */
function RegisterForm() {
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [registered, setRegistered] = useState<string | null>(null);
  const { form, errors, loading, update, onSubmit } = useAuthForm<RegisterFields>(
    { username: '', password: '', confirmPassword: '', code: '' },
    validateRegister,
    captcha,
    async (fields) => {
      const username = fields.username.trim();
      await register({ ...fields, username, uuid: captcha.uuid });
      setRegistered(username);
    },
  );

  return (
    <>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <Field label="账号" name="username" value={form.username} error={errors.username} autoComplete="username" maxLength={20} onChange={(v) => update('username', v)} />
        <Field label="密码" name="password" type="password" value={form.password} error={errors.password} autoComplete="new-password" maxLength={20} onChange={(v) => update('password', v)} />
        <Field label="确认密码" name="confirmPassword" type="password" value={form.confirmPassword} error={errors.confirmPassword} autoComplete="new-password" maxLength={20} onChange={(v) => update('confirmPassword', v)} />
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
        <button type="submit" className="auth-submit" disabled={loading}>
          {loading ? '注册中...' : '注册'}
        </button>
        <div className="auth-options">
          <span />
          <Link className="auth-link" to="/login">
            使用已有账户登录
          </Link>
        </div>
      </form>
      {registered !== null && (
        <div className="auth-dialog-mask">
          <div className="auth-dialog" role="alertdialog" aria-labelledby="register-done-title">
            <h3 id="register-done-title">系统提示</h3>
            <p>
              恭喜你，您的账号 <strong style={{ color: '#f56c6c' }}>{registered}</strong> 注册成功！
            </p>
            <div className="auth-dialog-actions">
              <button type="button" className="auth-submit" autoFocus onClick={() => void navigate('/login')}>
                确定
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
