export interface LoginFields {
  username: string;
  password: string;
  code: string;
}

export interface RegisterFields extends LoginFields {
  confirmPassword: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const ILLEGAL_PASSWORD_CHARS = /[<>"'\\|]/;

export function validateLogin(form: LoginFields, captchaEnabled: boolean): FieldErrors<LoginFields> {
  const errors: FieldErrors<LoginFields> = {};
  if (!form.username.trim()) errors.username = '请输入您的账号';
  if (!form.password) errors.password = '请输入您的密码';
  if (captchaEnabled && !form.code.trim()) errors.code = '请输入验证码';
  return errors;
}

export function validateRegister(form: RegisterFields, captchaEnabled: boolean): FieldErrors<RegisterFields> {
  const errors: FieldErrors<RegisterFields> = validateLogin(form, captchaEnabled);
  const username = form.username.trim();
  if (username && (username.length < 2 || username.length > 20)) {
    errors.username = '用户账号长度必须介于 2 和 20 之间';
  }
  if (form.password && (form.password.length < 5 || form.password.length > 20)) {
    errors.password = '用户密码长度必须介于 5 和 20 之间';
  } else if (ILLEGAL_PASSWORD_CHARS.test(form.password)) {
    errors.password = '密码不能包含非法字符：< > " \' \\ |';
  }
  if (!form.confirmPassword) errors.confirmPassword = '请再次输入您的密码';
  else if (form.confirmPassword !== form.password) errors.confirmPassword = '两次输入的密码不一致';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
