import Cookies from 'js-cookie';

/** 记住密码: username and password kept in cookies for 30 days; the password is AES-GCM encrypted. */
const KEY_STORAGE = 'login-key';
const COOKIE_DAYS = 30;
const COOKIE = { username: 'username', password: 'password', rememberMe: 'rememberMe' } as const;

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** The key stays in this browser's localStorage, so the cookie alone does not reveal the password. */
async function cryptoKey(): Promise<CryptoKey> {
  const stored = localStorage.getItem(KEY_STORAGE);
  if (stored) return crypto.subtle.importKey('raw', fromBase64(stored), 'AES-GCM', false, ['encrypt', 'decrypt']);
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  localStorage.setItem(KEY_STORAGE, toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', key))));
  return key;
}

export async function encryptText(plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await cryptoKey(), new TextEncoder().encode(plain));
  const out = new Uint8Array(iv.length + cipher.byteLength);
  out.set(iv);
  out.set(new Uint8Array(cipher), iv.length);
  return toBase64(out);
}

export async function decryptText(sealed: string): Promise<string> {
  const bytes = fromBase64(sealed);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await cryptoKey(), bytes.slice(12));
  return new TextDecoder().decode(plain);
}

export interface RememberedLogin {
  username: string;
  password: string;
  rememberMe: boolean;
}

export async function saveRemembered(username: string, password: string): Promise<void> {
  const options = { expires: COOKIE_DAYS };
  Cookies.set(COOKIE.username, username, options);
  Cookies.set(COOKIE.password, await encryptText(password), options);
  Cookies.set(COOKIE.rememberMe, 'true', options);
}

export function clearRemembered(): void {
  for (const name of Object.values(COOKIE)) Cookies.remove(name);
}

/** What was remembered; a password that no longer decrypts (key cleared) is left empty. */
export async function loadRemembered(): Promise<RememberedLogin> {
  const username = Cookies.get(COOKIE.username) ?? '';
  const sealed = Cookies.get(COOKIE.password);
  const password = sealed ? await decryptText(sealed).catch(() => '') : '';
  return { username, password, rememberMe: Cookies.get(COOKIE.rememberMe) === 'true' };
}
