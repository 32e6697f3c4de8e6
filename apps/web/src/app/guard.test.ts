import { describe, expect, it } from 'vitest';
import { createRedirectCounter, decideNavigation, safeRedirect, WHITE_LIST } from './guard';

const nav = (pathname: string, hasToken: boolean, rolesLoaded = false, search = '') =>
  decideNavigation({ pathname, fullPath: pathname + search, hasToken, rolesLoaded });

describe('route guard decisions', () => {
  it('lets anonymous users open only the white list', () => {
    for (const path of ['/login', '/register', '/chat', '/dyLogin', '/dySwitch', '/home']) {
      expect(nav(path, false)).toEqual({ kind: 'allow' });
    }
    expect(WHITE_LIST).toHaveLength(6);
  });

  it('sends anonymous users to /login with the full original path as redirect query', () => {
    expect(nav('/system/user', false, false, '?pageNum=2&x=a b')).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/system/user?pageNum=2&x=a b')}`,
    });
    expect(nav('/', false)).toEqual({ kind: 'redirect', to: '/login?redirect=%2F' });
  });

  it('sends a signed-in user away from /login to /', () => {
    expect(nav('/login', true, true)).toEqual({ kind: 'redirect', to: '/' });
    expect(nav('/login', true, false)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('loads user info and routes once when the token has no roles yet', () => {
    expect(nav('/system/user', true, false)).toEqual({ kind: 'load' });
    expect(nav('/system/user', true, true)).toEqual({ kind: 'allow' });
  });

  it('does not load the session for public pages', () => {
    expect(nav('/chat', true, false)).toEqual({ kind: 'allow' });
  });
});

describe('redirect loop stop', () => {
  it('allows 10 redirects in a row, then refuses the 11th and starts over', () => {
    const counter = createRedirectCounter();
    for (let i = 0; i < 10; i++) expect(counter.take()).toBe(true);
    expect(counter.take()).toBe(false);
    expect(counter.take()).toBe(true);
  });

  it('starts counting again after a navigation that was allowed', () => {
    const counter = createRedirectCounter();
    for (let i = 0; i < 9; i++) counter.take();
    counter.reset();
    for (let i = 0; i < 10; i++) expect(counter.take()).toBe(true);
  });
});

describe('safeRedirect', () => {
  it('keeps same-origin paths and rejects anything else', () => {
    expect(safeRedirect('/system/user?a=1')).toBe('/system/user?a=1');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
