import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

describe('SSE parser', () => {
  it('splits events across arbitrary chunk borders, joins data lines and skips comments', () => {
    const got: SseEvent[] = [];
    const feed = createSseParser((e) => got.push(e));
    const text = ': ping\n\nevent: conversation\nid: 7\ndata: {"a":\ndata: 1}\n\ndata: plain\r\n\r\n';
    for (const ch of text) feed(ch);
    expect(got).toEqual([
      { event: 'conversation', id: '7', data: '{"a":\n1}' },
      { event: 'message', id: undefined, data: 'plain' },
    ]);
  });

  it('holds an unfinished event until its blank line arrives', () => {
    const got: SseEvent[] = [];
    const feed = createSseParser((e) => got.push(e));
    feed('event: message\ndata: x\n');
    expect(got).toEqual([]);
    feed('\n');
    expect(got).toEqual([{ event: 'message', id: undefined, data: 'x' }]);
  });
});
