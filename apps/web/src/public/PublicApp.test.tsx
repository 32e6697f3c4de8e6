import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import PublicApp from './PublicApp';

afterEach(cleanup);

describe('public entry', () => {
  it('answers a path that is not a public page with 404', () => {
    render(<PublicApp pathname="/public.html" />);
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });
});
