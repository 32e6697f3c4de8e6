import { useState, type FormEvent } from 'react';
import type { Captcha } from './useCaptcha';
import { hasErrors, type FieldErrors } from './validation';

type Validate<T> = (form: T, captchaEnabled: boolean) => FieldErrors<T>;

/**
 * Form state shared by the login and register pages: errors appear after the first submit and then
 * follow every keystroke; a refused submit clears the spent single-use captcha and fetches a new one.
 */
export function useAuthForm<T extends { code: string }>(
  initial: T,
  validate: Validate<T>,
  captcha: Captcha,
  submit: (form: T) => Promise<void>,
) {
  const [form, setForm] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);

  function update(field: keyof T, value: string) {
    const next = { ...form, [field]: value };
    setForm(next);
    if (submitted) setErrors(validate(next, captcha.enabled));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    setSubmitted(true);
    const found = validate(form, captcha.enabled);
    setErrors(found);
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      await submit(form);
    } catch {
      // The request layer already showed why.
      setForm((f) => ({ ...f, code: '' }));
      if (captcha.enabled) captcha.refresh();
    } finally {
      setLoading(false);
    }
  }

  return { form, setForm, errors, loading, update, onSubmit };
}
