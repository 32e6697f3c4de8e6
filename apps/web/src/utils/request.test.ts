import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tansParams } from './params';
import { http, service, REPEAT_SUBMIT_MESSAGE, SESSION_EXPIRED_MESSAGE } from './request';
import { confirmDialog, notifyError, toast } from './feedback';

vi.mock('./feedback', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  notifyError: vi.fn(),
  confirmDialog: vi.fn(),
  showLoading: vi.fn(() => () => undefined),
}));

const logout = vi.fn(async () => undefined);
vi.mock('../stores/user', () => ({ useUserStore: { getState: () => ({ logout }) } }));

let sent: InternalAxiosRequestConfig[] = [];

/** Answers every request with `body` (HTTP 200) and records what was sent. */
function answer(body: unknown): void {
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config, request: { responseType: config.responseType } };
  };
  service.defaults.adapter = adapter;
}

function fail(error: (config: InternalAxiosRequestConfig) => Error): void {
  service.defaults.adapter = async (config) => {
    sent.push(config);
    throw error(config);
  };
}

beforeEach(() => {
  sent = [];
  sessionStorage.clear();
  vi.clearAllMocks();
  Cookies.remove('Admin-Token');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('headers and params', () => {
  it('sends the Admin-Token cookie as a bearer token', async () => {
    Cookies.set('Admin-Token', 'tok-1');
    answer({ code: 200, msg: 'ok' });
    await http.get('/getInfo');
    expect(sent[0].headers.Authorization).toBe('Bearer tok-1');
  });

  it('sends no Authorization header when isToken is false', async () => {
    Cookies.set('Admin-Token', 'tok-1');
    answer({ code: 200 });
    await http.post('/login', { username: 'a' }, { isToken: false });
    expect(sent[0].headers.Authorization).toBeUndefined();
  });

  it('serialises GET params RuoYi-style, nested objects as key[sub]', async () => {
    answer({ code: 200, rows: [], total: 0 });
    await http.get('/system/user/list', {
      pageNum: 1,
      userName: 'ad min',
      status: '',
      phone: null,
      params: { beginTime: '2024-01-01', endTime: '' },
    });
    expect(sent[0].url).toBe('/system/user/list?pageNum=1&userName=ad%20min&params%5BbeginTime%5D=2024-01-01');
    expect(sent[0].params).toBeUndefined();
  });

  it('tansParams drops empty values at both levels', () => {
    expect(tansParams({ a: undefined, b: 0, c: { d: null, e: 'x' } })).toBe('b=0&c%5Be%5D=x');
  });

  it('resolves with the whole body for code 200 and for a missing code', async () => {
    answer({ code: 200, msg: '操作成功', data: [1], extra: 'k' });
    await expect(http.get('/x')).resolves.toEqual({ code: 200, msg: '操作成功', data: [1], extra: 'k' });
    answer({ msg: 'no code' });
    await expect(http.get('/y')).resolves.toEqual({ msg: 'no code' });
  });

  it('passes binary responses through untouched', async () => {
    const blob = new Blob(['abc']);
    answer(blob);
    await expect(http.get('/file', undefined, { responseType: 'blob' })).resolves.toBe(blob);
  });
});

describe('duplicate-submit guard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    answer({ code: 200 });
  });

  it('rejects the same POST url and body within 2000 ms', async () => {
    await http.post('/system/user', { a: 1 });
    vi.setSystemTime(new Date('2025-01-01T00:00:01.999Z'));
    await expect(http.post('/system/user', { a: 1 })).rejects.toThrow(REPEAT_SUBMIT_MESSAGE);
    expect(toast.error).toHaveBeenCalledWith(REPEAT_SUBMIT_MESSAGE, 5000);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem('sessionObj')!)).toMatchObject({ url: '/system/user', data: '{"a":1}' });
  });

  it('lets the same PUT through after 2000 ms, and a different body at once', async () => {
    await http.put('/system/user', { a: 1 });
    await http.put('/system/user', { a: 2 });
    vi.setSystemTime(new Date('2025-01-01T00:00:02Z'));
    await http.put('/system/user', { a: 2 });
    expect(sent).toHaveLength(3);
  });

  it('is skipped with repeatSubmit false', async () => {
    await http.post('/login', { a: 1 }, { repeatSubmit: false });
    await http.post('/login', { a: 1 }, { repeatSubmit: false });
    expect(sent).toHaveLength(2);
  });

  it('does not apply to GET', async () => {
    await http.get('/a');
    await http.get('/a');
    expect(sent).toHaveLength(2);
  });
});

describe('envelope codes', () => {
  it('401: one expired-login confirm however many calls fail, and the call rejects', async () => {
    let close: (ok: boolean) => void = () => undefined;
    vi.mocked(confirmDialog).mockReturnValue(new Promise<boolean>((r) => (close = r)));
    answer({ code: 401, msg: 'x' });
    const calls = [http.get('/a'), http.get('/b'), http.get('/c')];
    for (const call of calls) await expect(call).rejects.toThrow(SESSION_EXPIRED_MESSAGE);
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    expect(confirmDialog).toHaveBeenCalledWith({
      title: '系统提示',
      content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      okText: '重新登录',
      cancelText: '取消',
      type: 'warning',
    });
    close(false);
    await vi.waitFor(async () => {
      await expect(http.get('/d')).rejects.toThrow(SESSION_EXPIRED_MESSAGE);
      expect(confirmDialog).toHaveBeenCalledTimes(2);
    });
    expect(logout).not.toHaveBeenCalled();
  });

  it('401 confirmed: logs out', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(true);
    answer({ code: 401 });
    await expect(http.get('/a')).rejects.toThrow(SESSION_EXPIRED_MESSAGE);
    await vi.waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('500: error toast with the server message', async () => {
    answer({ code: 500, msg: '用户名已存在' });
    await expect(http.post('/u', { n: 1 })).rejects.toThrow('用户名已存在');
    expect(toast.error).toHaveBeenCalledWith('用户名已存在');
  });

  it('601: warning toast', async () => {
    answer({ code: 601, msg: '请注意' });
    await expect(http.get('/w')).rejects.toThrow('请注意');
    expect(toast.warning).toHaveBeenCalledWith('请注意');
  });

  it('other codes: error notification, with the fallback texts by code', async () => {
    answer({ code: 403, msg: 'server text' });
    await expect(http.get('/f')).rejects.toThrow('当前操作没有权限');
    expect(notifyError).toHaveBeenLastCalledWith('当前操作没有权限');
    answer({ code: 404 });
    await expect(http.get('/g')).rejects.toThrow('访问资源不存在');
    answer({ code: 418, msg: '' });
    await expect(http.get('/h')).rejects.toThrow('系统未知错误，请反馈给管理员');
    answer({ code: 418, msg: '自定义' });
    await expect(http.get('/i')).rejects.toThrow('自定义');
    expect(notifyError).toHaveBeenCalledTimes(4);
  });
});

describe('transport errors', () => {
  it('network error → 后端接口连接异常 (5 s)', async () => {
    fail((config) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
    await expect(http.get('/a')).rejects.toThrow();
    expect(toast.error).toHaveBeenCalledWith('后端接口连接异常', 5000);
  });

  it('timeout → 系统接口请求超时', async () => {
    fail((config) => new AxiosError('timeout of 300000ms exceeded', AxiosError.ECONNABORTED, config));
    await expect(http.get('/a')).rejects.toThrow();
    expect(toast.error).toHaveBeenCalledWith('系统接口请求超时', 5000);
  });

  it('HTTP status → 系统接口NNN异常', async () => {
    fail(
      (config) =>
        new AxiosError('Request failed with status code 502', AxiosError.ERR_BAD_RESPONSE, config, {}, {
          status: 502,
          statusText: 'Bad Gateway',
          data: '',
          headers: {},
          config,
        }),
    );
    await expect(http.get('/a')).rejects.toThrow();
    expect(toast.error).toHaveBeenCalledWith('系统接口502异常', 5000);
  });

  it('uses a 300000 ms timeout by default', () => {
    expect(service.defaults.timeout).toBe(300000);
  });
});
