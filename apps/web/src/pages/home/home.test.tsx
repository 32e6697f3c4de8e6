import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeContent } from '../../api/crm/apply';
import PublicApp from '../../public/PublicApp';

const CONTENT: HomeContent = {
  brand: { name: '星河智能客服', logo: '' },
  nav: [
    { label: '产品介绍', href: '#features' },
    { label: '坏链接', href: 'javascript:alert(1)' },
  ],
  slides: [{ image: '/profile/upload/banner.png', mobileImage: '', title: '春季活动', text: '', href: '' }],
  hero: { title: '让每一位客户都被及时接待', subtitle: '', features: [{ title: '自动留资', text: '' }] },
  footer: { blocks: [{ title: '联系我们', text: '400-000-0000' }], copyright: '© 星河' },
  form: {
    title: '申请试用',
    subtitle: '',
    submitText: '提交申请',
    consentText: '我已阅读并同意',
    privacyTitle: '《隐私说明》',
    privacyText: '仅用于联系您。',
    successTitle: '提交成功',
    successText: '顾问将尽快与您联系。',
  },
};

type Answer = { code: number; msg: string; data?: unknown };
let answers: Record<string, Answer[]>;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = url.replace('/prod-api', '');
  const next = answers[path]?.shift() ?? { code: 200, msg: '操作成功' };
  return { status: 200, json: async () => next } as Response;
});
const submitted = () => fetchMock.mock.calls.filter(([u]) => u.endsWith('/crm/apply/submit')).map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);

beforeEach(() => {
  answers = { '/crm/site/home': [{ code: 200, msg: '', data: CONTENT }] };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/home');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openHome() {
  render(<PublicApp />);
  return screen.findByRole('form', { name: '申请试用' });
}

const type = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('/home', () => {
  it('shows the saved content: brand, navigation (unsafe links neutralised), slider, title block and footer', async () => {
    await openHome();
    // The title follows the loaded content in an effect, which can land after the form is on screen.
    await waitFor(() => expect(document.title).toBe('星河智能客服'));
    expect(screen.getByRole('link', { name: '产品介绍' }).getAttribute('href')).toBe('#features');
    expect(screen.getByRole('link', { name: '坏链接' }).getAttribute('href')).toBe('#');
    expect(screen.getByRole('img', { name: '春季活动' }).getAttribute('src')).toBe('/prod-api/profile/upload/banner.png');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('让每一位客户都被及时接待');
    expect(screen.getByText('400-000-0000')).toBeTruthy();
  });

  it('checks the fields in Chinese before sending anything', async () => {
    const form = await openHome();
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(within(form).getByText('请输入您的姓名')).toBeTruthy();
    expect(within(form).getByText('请输入手机号码')).toBeTruthy();
    expect(within(form).getByText('请阅读并同意隐私说明')).toBeTruthy();
    type(form, '姓名*', '王小明');
    type(form, '手机号*', '1381234');
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(within(form).getByText('请输入正确的手机号码')).toBeTruthy();
    expect(submitted()).toEqual([]);
  });

  it('sends the application with the honeypot empty and shows the success state', async () => {
    const form = await openHome();
    type(form, '姓名*', ' 王小明 ');
    type(form, '手机号*', '138 1234 5678');
    type(form, '公司名称', '星河科技');
    type(form, '需求描述', '抖音私信自动回复');
    fireEvent.click(within(form).getByRole('button', { name: '《隐私说明》' }));
    expect(within(form).getByText('仅用于联系您。')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(screen.getByText('顾问将尽快与您联系。')).toBeTruthy();
    expect(submitted()).toEqual([{ name: '王小明', phone: '13812345678', company: '星河科技', need: '抖音私信自动回复', consent: true, website: '' }]);
  });

  it('keeps the honeypot away from people: hidden from assistive technology and out of the tab order', async () => {
    const form = await openHome();
    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(within(form).queryByRole('textbox', { name: '网址' })).toBeNull();
  });

  it("shows the server's refusal and keeps the form", async () => {
    answers['/crm/apply/submit'] = [{ code: 500, msg: '操作过于频繁，请稍后再试' }];
    const form = await openHome();
    type(form, '姓名*', '王小明');
    type(form, '手机号*', '13812345678');
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('操作过于频繁，请稍后再试');
    await waitFor(() => expect(within(form).getByRole('button', { name: '提交申请' })).toBeTruthy());
  });

  it('offers a retry when the content cannot be loaded', async () => {
    answers['/crm/site/home'] = [{ code: 500, msg: '服务暂时不可用' }, { code: 200, msg: '', data: CONTENT }];
    render(<PublicApp />);
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('form', { name: '申请试用' })).toBeTruthy();
  });
});
