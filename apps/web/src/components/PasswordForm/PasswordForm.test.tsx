import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installMatchMedia } from '../testing';
import PasswordForm from '.';
import { passwordFieldError } from './rules';

beforeAll(installMatchMedia);
afterEach(cleanup);

describe('passwordFieldError', () => {
  it('requires the old password', () => {
    expect(passwordFieldError('oldPassword', {})).toBe('旧密码不能为空');
    expect(passwordFieldError('oldPassword', { oldPassword: 'x' })).toBeNull();
  });

  it('requires a new password of 6 to 20 characters', () => {
    expect(passwordFieldError('newPassword', {})).toBe('新密码不能为空');
    expect(passwordFieldError('newPassword', { newPassword: '12345' })).toBe('长度在 6 到 20 个字符');
    expect(passwordFieldError('newPassword', { newPassword: 'x'.repeat(21) })).toBe('长度在 6 到 20 个字符');
    expect(passwordFieldError('newPassword', { newPassword: '123456' })).toBeNull();
    expect(passwordFieldError('newPassword', { newPassword: 'x'.repeat(20) })).toBeNull();
  });

  it('applies the server character rule when one is set', () => {
    expect(passwordFieldError('newPassword', { newPassword: 'abcdef' }, '3')).toBe('密码必须同时包含字母和数字');
    expect(passwordFieldError('newPassword', { newPassword: 'abc123' }, '3')).toBeNull();
    expect(passwordFieldError('newPassword', { newPassword: 'abc<12' }, '0')).toMatch(/^密码不能包含非法字符/);
  });

  it('requires a confirmation equal to the new password', () => {
    expect(passwordFieldError('confirmPassword', { newPassword: '123456' })).toBe('确认密码不能为空');
    expect(passwordFieldError('confirmPassword', { newPassword: '123456', confirmPassword: '1234567' })).toBe(
      '两次输入的密码不一致',
    );
    expect(passwordFieldError('confirmPassword', { newPassword: '123456', confirmPassword: '123456' })).toBeNull();
  });
});

describe('<PasswordForm>', () => {
  it('validates on blur with the spec messages', async () => {
    render(<PasswordForm onCancel={vi.fn()} />);
    fireEvent.blur(screen.getByPlaceholderText('请输入旧密码'));
    expect(await screen.findByText('旧密码不能为空', undefined, { timeout: 5000 })).toBeTruthy();
    const newPassword = screen.getByPlaceholderText('请输入新密码');
    fireEvent.change(newPassword, { target: { value: '123' } });
    fireEvent.blur(newPassword);
    expect(await screen.findByText('长度在 6 到 20 个字符', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(newPassword, { target: { value: '123456' } });
    const confirm = screen.getByPlaceholderText('请确认新密码');
    fireEvent.change(confirm, { target: { value: '654321' } });
    fireEvent.blur(confirm);
    expect(await screen.findByText('两次输入的密码不一致', undefined, { timeout: 5000 })).toBeTruthy();
  }, 20_000);

  it('calls onCancel from the close button', async () => {
    const onCancel = vi.fn();
    render(<PasswordForm onCancel={onCancel} />);
    // antd spaces out two-character Chinese button labels.
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
  }, 20_000);
});
