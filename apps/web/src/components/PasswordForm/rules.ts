import { PASSWORD_MAX, PASSWORD_MIN } from '@acs/shared';

export interface PasswordValues {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export type PasswordField = keyof PasswordValues;

/** Character rules of the server setting sys.account.chrtype ('0' … '4'). */
const CHAR_RULES: Record<string, { test: (p: string) => boolean; message: string }> = {
  '0': { test: (p) => !/[<>"'\\|]/.test(p), message: '密码不能包含非法字符：< > " \' \\ |' },
  '1': { test: (p) => /^[0-9]+$/.test(p), message: '密码只能为数字（0-9）' },
  '2': { test: (p) => /^[a-zA-Z]+$/.test(p), message: '密码只能为英文字母（a-z、A-Z）' },
  '3': { test: (p) => /[a-zA-Z]/.test(p) && /[0-9]/.test(p) && /^[a-zA-Z0-9]+$/.test(p), message: '密码必须同时包含字母和数字' },
  '4': {
    test: (p) => /[a-zA-Z]/.test(p) && /[0-9]/.test(p) && /[~!@#$%^&*()\-=_+]/.test(p),
    message: '密码必须同时包含字母、数字和特殊字符（~!@#$%^&*()-=_+）',
  },
};

/** The message for one field of the change-password form (spec §5), or null when it is valid. */
export function passwordFieldError(field: PasswordField, values: PasswordValues, charRule?: string | null): string | null {
  const value = values[field] ?? '';
  switch (field) {
    case 'oldPassword':
      return value ? null : '旧密码不能为空';
    case 'newPassword': {
      if (!value) return '新密码不能为空';
      if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return `长度在 ${PASSWORD_MIN} 到 ${PASSWORD_MAX} 个字符`;
      const rule = charRule ? CHAR_RULES[charRule] : undefined;
      return rule && !rule.test(value) ? rule.message : null;
    }
    case 'confirmPassword':
      if (!value) return '确认密码不能为空';
      return value === values.newPassword ? null : '两次输入的密码不一致';
  }
}
