import { useEffect, useState } from 'react';
import { registerEnabled } from '../../api/login';

export type RegisterSwitch = 'checking' | 'on' | 'off';

/**
 * Asks the server whether registration is on before showing the form. When the question itself fails
 * the form shows anyway: the server still refuses a registration it does not allow.
 */
export function useRegisterSwitch(): RegisterSwitch {
  const [state, setState] = useState<RegisterSwitch>('checking');
  useEffect(() => {
    let live = true;
    const settle = (next: RegisterSwitch) => live && setState(next);
    registerEnabled().then(
      (res) => settle(res.data === false ? 'off' : 'on'),
      () => settle('on'),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
