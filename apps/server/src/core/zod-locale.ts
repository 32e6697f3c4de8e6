import { z } from 'zod';

/**
 * Validation messages reach staff as toasts, so zod's defaults are Chinese and name the parameter;
 * schemas that carry the contract's own messages are unaffected (custom messages win over the locale).
 */
const zhCN = z.locales.zhCN().localeError;

z.config({
  localeError: (issue) => {
    const base = zhCN(issue);
    const message = typeof base === 'string' ? base : base?.message;
    if (!message) return undefined;
    const field = issue.path?.length ? issue.path.join('.') : '';
    return field ? `参数[${field}]${message}` : message;
  },
});
