/** A rate (0.25) as a percentage with one decimal; "—" when it has no base. */
export const percent = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

/** A median first-response time in seconds; "—" when nothing was answered. */
export const seconds = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v} 秒`);

export const count = (v: number) => v.toLocaleString('zh-CN');
