import { useCallback, useEffect, useState } from 'react';
import { captchaImage } from '../../api/login';

export interface Captcha {
  enabled: boolean;
  /** data: URL of the image, empty until loaded. */
  src: string;
  uuid: string;
  refresh(): void;
}

/** Loads the captcha on mount; `refresh` fetches a new one (after a click or a failed submit). */
export function useCaptcha(): Captcha {
  const [state, setState] = useState({ enabled: true, src: '', uuid: '' });
  const refresh = useCallback(() => {
    captchaImage()
      .then((res) => {
        const enabled = res.captchaEnabled !== false;
        setState({ enabled, src: enabled && res.img ? `data:image/gif;base64,${res.img}` : '', uuid: res.uuid ?? '' });
      })
      .catch((error: unknown) => console.error('验证码加载失败', error));
  }, []);
  useEffect(refresh, [refresh]);
  return { ...state, refresh };
}
