import { PASSWORD_MAX, PASSWORD_MIN, passwordPolicyError } from '@acs/shared';

export interface PasswordValues {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export type PasswordField = keyof PasswordValues;

/** The message for one field of the change-password form (spec §5), or null when it is valid. */
export function passwordFieldError(field: PasswordField, values: PasswordValues, charRule?: string | null): string | null {
  const value = values[field] ?? '';
  switch (field) {
    case 'oldPassword':
      return value ? null : '旧密码不能为空';
    case 'newPassword': {
      if (!value) return '新密码不能为空';
      if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return `长度在 ${PASSWORD_MIN} 到 ${PASSWORD_MAX} 个字符`;
      // Emptiness and length have their own messages here (spec §5), so the shared policy, which the
      // server enforces too, only adds the character rule of sys.account.chrtype.
      return charRule ? passwordPolicyError(value, charRule) : null;
    }
    case 'confirmPassword':
      if (!value) return '确认密码不能为空';
      return value === values.newPassword ? null : '两次输入的密码不一致';
  }
}
