import { Tag, Typography } from 'antd';
import type { ChatMessageRow, FoundField } from '../../../../../api/ai/agent';
import { fieldsText, hitText } from './hitText';

const BUBBLE: React.CSSProperties = { maxWidth: '78%', padding: '8px 12px', borderRadius: 8, whiteSpace: 'pre-wrap', wordBreak: 'break-word' };

/** One message of the debug chat with what produced it (AI) or the lead fields found in it (customer). */
export default function DebugMessage({ message, found }: { message: ChatMessageRow; found?: FoundField[] }) {
  const mine = message.sender === 'customer';
  const fields = found ?? message.leadFields;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', marginBottom: 12 }}>
      <div style={{ ...BUBBLE, background: mine ? '#165eff' : '#f2f3f5', color: mine ? '#fff' : undefined }}>{message.content}</div>
      <div style={{ fontSize: 12, marginTop: 4 }} data-testid={mine ? 'customer-meta' : 'reply-meta'}>
        {mine ? (
          fields.length > 0 && <Tag color="green">识别到 {fieldsText(fields)}</Tag>
        ) : (
          <>
            {message.hit && <Tag color={message.hit.type === 'fallback' ? 'orange' : 'blue'}>{hitText(message.hit)}</Tag>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {message.promptTokens + message.completionTokens > 0 && `tokens ${message.promptTokens}/${message.completionTokens} · `}
              {message.latencyMs} ms
            </Typography.Text>
          </>
        )}
      </div>
    </div>
  );
}
