import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Tabs, Typography } from 'antd';
import FieldTab from './FieldTab';
import { FIELD_KEYS, fieldSpec, fieldText, parseExpression, stateProblem, toExpression, updateField, type CronState, type FieldKey } from './cronState';
import { previewRuns } from './preview';
import './crontab.css';

export interface CrontabProps {
  /** The expression to start from (the job form's current value); the default tabs when it is not 6–7 fields. */
  expression: string;
  /** 确定 with a valid expression. */
  onOk: (expression: string) => void;
  onCancel: () => void;
}

interface Draft {
  state: CronState;
  /** The expression box: the tabs' text, or what the user typed there. */
  text: string;
}

function draftOf(expression: string): Draft {
  const { state, ok } = parseExpression(expression);
  return { state, text: ok ? expression.trim() : toExpression(state) };
}

/**
 * Cron 表达式生成 (screens §7.16): a tab per field (秒 … 年), the expression they make (also editable as
 * text), the validator's reason when it is refused, and the next 5 fire times. Mounted only while open.
 */
export default function Crontab({ expression, onOk, onCancel }: CrontabProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(expression));
  const [tab, setTab] = useState<FieldKey>('second');
  const { state, text } = draft;

  const problem = stateProblem(state);
  const preview = useMemo(() => previewRuns(text), [text]);
  const error = problem ?? preview.error;

  const changeField = (key: FieldKey, next: CronState[FieldKey]) => {
    const updated = updateField(state, key, next);
    setDraft({ state: updated, text: toExpression(updated) });
  };

  const typeExpression = (typed: string) => {
    const parsed = parseExpression(typed);
    setDraft({ state: parsed.ok ? parsed.state : state, text: typed });
  };

  const confirm = () => {
    if (!error) onOk(text.trim());
  };

  return (
    <Modal
      open
      title="Cron表达式生成器"
      width={820}
      onCancel={onCancel}
      footer={
        <Space>
          <Button type="primary" disabled={Boolean(error)} onClick={confirm}>
            确定
          </Button>
          <Button onClick={() => setDraft(draftOf(expression))}>重置</Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      }
    >
      <Tabs
        className="crontab-tabs"
        activeKey={tab}
        onChange={(k) => setTab(k as FieldKey)}
        items={FIELD_KEYS.map((key) => ({
          key,
          label: fieldSpec(key).label,
          children: <FieldTab field={key} value={state[key]} onChange={(next) => changeField(key, next)} />,
        }))}
      />
      <div className="crontab-result">
        <div className="crontab-result-main">
          <Typography.Title level={5}>时间表达式</Typography.Title>
          <table className="crontab-fields">
            <thead>
              <tr>
                {FIELD_KEYS.map((key) => (
                  <th key={key}>{fieldSpec(key).label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {FIELD_KEYS.map((key) => (
                  <td key={key}>{fieldText(key, state[key]) || '-'}</td>
                ))}
              </tr>
            </tbody>
          </table>
          <Form layout="vertical" component="div">
            <Form.Item
              label="Cron 表达式"
              htmlFor="crontab-expression"
              validateStatus={error ? 'error' : undefined}
              help={error}
              style={{ marginBottom: 0 }}
            >
              <Input
                id="crontab-expression"
                value={text}
                spellCheck={false}
                className="crontab-expression"
                onChange={(e) => typeExpression(e.target.value)}
                onPressEnter={confirm}
              />
            </Form.Item>
          </Form>
        </div>
        <div className="crontab-result-runs">
          <Typography.Title level={5}>最近5次运行时间</Typography.Title>
          {error ? (
            <Alert type="warning" showIcon title="表达式不正确，无法计算运行时间" />
          ) : (
            <ol className="crontab-runs" aria-label="最近5次运行时间">
              {preview.times.map((t) => (
                <li key={t}>{t}</li>
              ))}
              {preview.note && <li className="crontab-note">{preview.note}</li>}
            </ol>
          )}
        </div>
      </div>
    </Modal>
  );
}
