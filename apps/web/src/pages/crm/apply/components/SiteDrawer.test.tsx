import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { HomeContent } from '../../../../api/crm/apply';
import { installDomStubs } from '../../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../customerLeave/components/testing';
import SiteDrawer from './SiteDrawer';

const saveHomeContent = vi.fn();
const CONTENT: HomeContent = {
  brand: { name: 'AI客服系统', logo: '' },
  nav: [{ label: '申请试用', href: '#apply' }],
  slides: [{ image: '/profile/upload/a.png', mobileImage: '', title: '活动', text: '', href: '' }],
  hero: { title: '标题', subtitle: '', features: [] },
  footer: { blocks: [], copyright: '©' },
  form: { title: '申请试用', subtitle: '', submitText: '提交申请', consentText: '我已阅读并同意', privacyTitle: '《隐私说明》', privacyText: '', successTitle: '提交成功', successText: '' },
};
vi.mock('../../../../api/crm/apply', () => ({
  getHomeContent: async () => ({ code: 200, msg: '', data: CONTENT }),
  saveHomeContent: (...args: unknown[]) => saveHomeContent(...args),
}));

beforeAll(installDomStubs);
beforeEach(() => saveHomeContent.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' }));
afterEach(cleanup);

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('首页配置', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('loads the page content, saves the whole of it with the edits, and links to /home', async () => {
    const onClose = vi.fn();
    renderWithClient(<SiteDrawer onClose={onClose} />);
    await waitFor(() => expect((screen.getByLabelText('站点名称') as HTMLInputElement).value).toBe('AI客服系统'));
    expect(screen.getByRole('link', { name: /打开首页/ }).getAttribute('href')).toBe('/home');
    fireEvent.change(screen.getByLabelText('站点名称'), { target: { value: '星河智能客服' } });
    save();
    await waitFor(() => expect(saveHomeContent).toHaveBeenCalledTimes(1));
    expect(saveHomeContent.mock.calls[0][0]).toMatchObject({ ...CONTENT, brand: { name: '星河智能客服', logo: '' } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses a javascript: link before sending', async () => {
    renderWithClient(<SiteDrawer onClose={() => undefined} />);
    await waitFor(() => expect((screen.getByLabelText('导航链接') as HTMLInputElement).value).toBe('#apply'));
    fireEvent.change(screen.getByLabelText('导航链接'), { target: { value: 'javascript:alert(1)' } });
    save();
    expect(await screen.findByText('导航链接只能是http(s)地址或以/开头的站内路径')).toBeTruthy();
    expect(saveHomeContent).not.toHaveBeenCalled();
  });
});
