import { Tag } from 'antd';
import { STATUS_COLORS } from '@acs/shared';
import type { DictOption } from '../../hooks/useDict';

type DictValue = string | number | null | undefined;

interface DictTagProps {
  options: DictOption[];
  value: DictValue | DictValue[];
  /** Separator of a joined string value. */
  separator?: string;
  /** Print values without a matching option as raw text. */
  showValue?: boolean;
}

/**
 * primary is Element's default tag (spec §4: "primary mapped to the default style"), which is blue;
 * antd's grey default would read as "disabled", so it maps to antd's primary-blue status tag.
 * The rest take the spec's status colours.
 */
const TAG_COLORS: Record<string, string | undefined> = {
  primary: 'processing',
  success: STATUS_COLORS.success,
  info: STATUS_COLORS.info,
  warning: STATUS_COLORS.warning,
  danger: STATUS_COLORS.danger,
};

export function toValueList(value: DictValue | DictValue[], separator: string): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return String(value).split(separator);
}

function isPlain(option: DictOption): boolean {
  const type = option.elTagType ?? '';
  return (type === '' || type === 'default') && !option.elTagClass;
}

export default function DictTag({ options, value, separator = ',', showValue = true }: DictTagProps) {
  const values = toValueList(value, separator);
  const unmatched = values.filter((v) => !options.some((o) => o.value === v));
  return (
    <span className="dict-tag">
      {options
        .filter((o) => values.includes(o.value))
        .map((o) =>
          isPlain(o) ? (
            <span key={o.value} className={o.elTagClass}>
              {o.label}
            </span>
          ) : (
            <Tag key={o.value} variant="outlined" color={TAG_COLORS[o.elTagType ?? '']} className={o.elTagClass}>
              {o.label}
            </Tag>
          ),
        )}
      {showValue && unmatched.length > 0 && <span>{unmatched.join(' ')}</span>}
    </span>
  );
}
