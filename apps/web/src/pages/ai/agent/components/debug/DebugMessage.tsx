import { Button, Space, Tag, Typography } from 'antd';
import type { ChatMessageRow, FoundField } from '../../../../../api/ai/agent';
import { candidatesText, fieldsText, hitCandidates, hitText } from './hitText';

const BUBBLE: React.CSSProperties = { maxWidth: '78%', padding: '8px 12px', borderRadius: 8, whiteSpace: 'pre-wrap', wordBreak: 'break-word' };

interface DebugMessageProps {
  message: ChatMessageRow;
  found?: FoundField[];
  /** Whether a clarify's suggestions still answer (nothing was sent after it). */
  suggestionsOpen?: boolean;
  onSuggest?: (question: string) => void;
}

/**
 * One message of the debug chat with what produced it (AI) or the lead fields found in it (customer). A
 * clarify reads as on /chat: its first line with the candidate questions as buttons; their scores go in the
 * details under it.
 */
export default function DebugMessage({ message, found, suggestionsOpen = false, onSuggest }: DebugMessageProps) {
  const mine = message.sender === 'customer';
  const fields = found ?? message.leadFields;
  const hit = message.hit;
  const suggestions = hit?.type === 'clarify' ? (hit.candidates ?? []).map((c) => c.name) : [];
  const scored = hitCandidates(hit);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', marginBottom: 12 }}>
      <div style={{ ...BUBBLE, background: mine ? '#165eff' : '#f2f3f5', color: mine ? '#fff' : undefined }}>
        {suggestions.length > 0 ? message.content.split('\n', 1)[0] : message.content}
      </div>
      {suggestions.length > 0 && (
        <Space wrap size={[8, 8]} style={{ marginTop: 8 }} role="group" aria-label="您是想问">
          {suggestions.map((q) => (
            <Button key={q} autoInsertSpace={false} disabled={!suggestionsOpen || !onSuggest} onClick={() => onSuggest?.(q)}>
              {q}
            </Button>
          ))}
        </Space>
      )}
      <div style={{ fontSize: 12, marginTop: 4 }} data-testid={mine ? 'customer-meta' : 'reply-meta'}>
        {mine ? (
          fields.length > 0 && <Tag color="green">识别到 {fieldsText(fields)}</Tag>
        ) : (
          <>
            {hit && <Tag color={hit.type === 'fallback' ? 'orange' : hit.type === 'clarify' ? 'gold' : 'blue'}>{hitText(hit)}</Tag>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {message.promptTokens + message.completionTokens > 0 && `tokens ${message.promptTokens}/${message.completionTokens} · `}
              {message.latencyMs} ms
            </Typography.Text>
            {scored.length > 0 && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 2 }} data-testid="hit-candidates">
                {hit?.type === 'clarify' ? '候选' : '依据'}（相似度）：{candidatesText(scored)}
              </Typography.Text>
            )}
          </>
        )}
      </div>
    </div>
  );
}
