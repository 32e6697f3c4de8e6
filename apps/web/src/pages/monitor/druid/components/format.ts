/** Bytes as `12.3 MB`: binary units, one decimal from KB up. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return u === 0 ? `${n} B` : `${n.toFixed(1)} ${units[u]}`;
}

/** Milliseconds for a table cell: `0.42 ms`, `12.3 ms`, `1.52 s`. */
export function formatMs(ms: number | null): string {
  if (ms === null) return '-';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

/** Row estimates are floats from the planner; shown whole and grouped. */
export const formatCount = (n: number | null) => (n === null ? '-' : Math.round(n).toLocaleString('zh-CN'));
