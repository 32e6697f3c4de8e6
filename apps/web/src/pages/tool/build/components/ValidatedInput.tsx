import { useState } from 'react';
import { Form, Input } from 'antd';

interface Props {
  id: string;
  label: string;
  value: string;
  /** A Chinese reason when the text cannot be used, else undefined. */
  validate: (text: string) => string | undefined;
  onCommit: (text: string) => void;
  placeholder?: string;
}

/**
 * A text the design may only hold when valid (field names are identifiers of the generated code, patterns
 * must compile): typed freely, handed on only when valid, with the reason shown otherwise.
 * A value changed from outside (an opened design) replaces the text.
 */
export default function ValidatedInput({ id, label, value, validate, onCommit, placeholder }: Props) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const error = validate(text);
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error}>
      <Input
        id={id}
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          if (!validate(e.target.value)) onCommit(e.target.value);
        }}
      />
    </Form.Item>
  );
}
