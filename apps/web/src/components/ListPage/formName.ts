import { useId } from 'react';

/**
 * A form name unique in the document: antd derives field ids from it, and kept-alive tabs plus the
 * dialog can hold several forms with the same field names, whose labels must still find their input.
 */
export function useFormName(prefix: string): string {
  return `${prefix}${useId().replace(/\W/g, '')}`;
}
