import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@acs/shared';

/** The token lives in a session cookie, as RuoYi clients expect. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token);
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
