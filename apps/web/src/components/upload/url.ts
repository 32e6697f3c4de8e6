import { baseURL } from '../../utils/request';

/** Stored values never carry the API prefix (or this origin), so they survive a change of host. */
export function toStoredUrl(url: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  let out = origin && url.startsWith(origin) ? url.slice(origin.length) : url;
  if (out.startsWith(`${baseURL}/`)) out = out.slice(baseURL.length);
  return out;
}

/** Server-relative stored paths are served under the API prefix; absolute URLs pass through. */
export function toDisplayUrl(url: string): string {
  return /^(https?:|data:|blob:)/.test(url) || !url.startsWith('/') ? url : `${baseURL}${url}`;
}

export function splitValue(value: string | undefined | null): string[] {
  return (value ?? '').split(',').filter(Boolean);
}

export function fileNameOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}
