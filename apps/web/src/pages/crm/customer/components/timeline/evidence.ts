import type { CapturedField } from '@acs/shared';
import type { TimelineItem } from '../../../../../api/crm/customer';

/** The captured fields each message evidences, by message id. */
export function evidenceByMessage(items: TimelineItem[]): Map<number, CapturedField[]> {
  const out = new Map<number, CapturedField[]>();
  for (const item of items) {
    if (item.type !== 'field' || item.messageId === undefined) continue;
    const list = out.get(item.messageId) ?? [];
    if (!list.some((f) => f.field === item.field && f.value === item.value)) list.push(item);
    out.set(item.messageId, list);
  }
  return out;
}

export interface TextPart {
  text: string;
  /** One of the captured values. */
  hit: boolean;
}

/** The text cut around every occurrence of the values, so the captured words can be marked. */
export function splitByValues(text: string, values: string[]): TextPart[] {
  const wanted = [...new Set(values.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [{ text, hit: false }];
  const parts: TextPart[] = [];
  let rest = text;
  while (rest) {
    const found = wanted
      .map((v) => ({ v, at: rest.indexOf(v) }))
      .filter((f) => f.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!found) {
      parts.push({ text: rest, hit: false });
      break;
    }
    if (found.at > 0) parts.push({ text: rest.slice(0, found.at), hit: false });
    parts.push({ text: found.v, hit: true });
    rest = rest.slice(found.at + found.v.length);
  }
  return parts;
}
