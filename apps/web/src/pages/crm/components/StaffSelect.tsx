import { useEffect, useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listStaff, type Staff } from '../../../api/crm/staff';
import type { AjaxResult } from '../../../types/api';

/** Typing settles this long before the server is asked. */
const SEARCH_SETTLE_MS = 300;

/** A person the picker can show before the server has listed them: the row's current owner. */
export interface KnownStaff {
  userId: number;
  nickName: string;
}

interface StaffSelectProps {
  /** One user id, or several with mode="multiple"; null/undefined: nobody. */
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  mode?: 'multiple';
  /**
   * Names of ids already chosen (a customer's owner, a rule's members) so they read as names even
   * when the search results do not include them.
   */
  known?: KnownStaff[];
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** How a user reads in the list: the nickname, then department and account name to tell namesakes apart. */
export function staffLabel(s: Pick<Staff, 'nickName' | 'userName' | 'deptName'>): string {
  const extra = [s.deptName, s.userName].filter(Boolean).join(' · ');
  return extra ? `${s.nickName}（${extra}）` : s.nickName;
}

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A searchable picker of active staff (GET /crm/staff) for owners, assignees and rule members.
 * Works as an antd form control: the value is the user id (or ids); clearing gives null.
 */
export default function StaffSelect({ value, onChange, mode, known = [], placeholder = '请选择人员', allowClear = true, disabled, style, ...rest }: StaffSelectProps) {
  const [keyword, setKeyword] = useState('');
  const settled = useSettled(keyword.trim(), SEARCH_SETTLE_MS);
  const query = useQuery({
    queryKey: ['crm/staff', settled],
    queryFn: () => listStaff(settled),
    staleTime: 60_000,
  });

  const client = useQueryClient();

  const listed = (query.data?.data ?? []).map((s) => ({ value: s.userId, label: staffLabel(s), name: s.nickName }));
  // A chosen user must keep reading as a name after the search moved on, so chosen ids missing from
  // this search are named from earlier searches, else from what the caller knows.
  const names = new Map<number, string>(known.map((k) => [k.userId, k.nickName]));
  for (const [, res] of client.getQueriesData<AjaxResult<Staff[]>>({ queryKey: ['crm/staff'] })) {
    for (const s of res?.data ?? []) names.set(s.userId, s.nickName);
  }
  const shown = new Set(listed.map((o) => o.value));
  const chosen = [value ?? []].flat().filter((id) => !shown.has(id));
  const options = [...listed, ...chosen.map((id) => ({ value: id, label: names.get(id) ?? `#${id}`, name: names.get(id) ?? `#${id}` }))];

  return (
    <Select<number | number[]>
      aria-label={rest['aria-label']}
      mode={mode}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      onClear={() => setKeyword('')}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      onBlur={() => setKeyword('')}
      options={options}
      optionLabelProp="name"
      loading={query.isFetching}
      notFoundContent={query.isFetching ? '加载中…' : '无匹配人员'}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      style={{ width: '100%', ...style }}
    />
  );
}
