import { useState, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '@acs/shared';

interface Props {
  disabled: boolean;
  placeholder: string;
  onSend(text: string): void;
}

/** Enter sends, Shift+Enter starts a new line; an IME composition's Enter only confirms the characters. */
export function Composer({ disabled, placeholder, onSend }: Props) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const submit = () => {
    if (disabled || blank) return;
    onSend(text);
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  return (
    <div className="chat-composer">
      <textarea
        aria-label="输入消息"
        rows={1}
        value={text}
        disabled={disabled}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer-side">
        <span className="chat-counter" aria-label="字数">
          {text.length}/{CHAT_MESSAGE_MAX}
        </span>
        <button type="button" className="chat-primary" disabled={disabled || blank} onClick={submit}>
          发送
        </button>
      </div>
    </div>
  );
}
