import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

/**
 * Character rules of the setting sys.account.chrtype ('0' … '4'), with the client's messages
 * (screens §1.5). Shared so the server enforces exactly what the forms show.
 */
export const PASSWORD_CHAR_RULES: Record<string, { test: (p: string) => boolean; message: string }> = {
  '0': { test: (p) => !/[<>"'\\|]/.test(p), message: '密码不能包含非法字符：< > " \' \\ |' },
  '1': { test: (p) => /^[0-9]+$/.test(p), message: '密码只能为数字（0-9）' },
  '2': { test: (p) => /^[a-zA-Z]+$/.test(p), message: '密码只能为英文字母（a-z、A-Z）' },
  '3': { test: (p) => /[a-zA-Z]/.test(p) && /[0-9]/.test(p) && /^[a-zA-Z0-9]+$/.test(p), message: '密码必须同时包含字母和数字' },
  '4': {
    test: (p) => /[a-zA-Z]/.test(p) && /[0-9]/.test(p) && /[~!@#$%^&*()\-=_+]/.test(p),
    message: '密码必须同时包含字母、数字和特殊字符（~!@#$%^&*()-=_+）',
  },
};

/**
 * The add-user / reset-password rule: required, 6–20 characters, then the character rule of
 * `chrtype` (unknown values fall back to '0'). Returns the message, or null when the password passes.
 */
export function passwordPolicyError(password: string | undefined | null, chrtype: string): string | null {
  if (!password) return '密码不能为空';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return `密码长度必须介于 ${PASSWORD_MIN} 和 ${PASSWORD_MAX} 之间`;
  }
  const rule = PASSWORD_CHAR_RULES[chrtype] ?? PASSWORD_CHAR_RULES['0'];
  return rule && !rule.test(password) ? rule.message : null;
}
