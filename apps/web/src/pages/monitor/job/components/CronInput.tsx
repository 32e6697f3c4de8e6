import { lazy, Suspense, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { CRON_MAX_LENGTH } from '@acs/shared/cron';

// The builder is a chunk of its own, fetched the first time 生成表达式 is pressed.
const Crontab = lazy(() => import('../../../../components/Crontab'));

interface CronInputProps {
  /** Given by Form.Item, so the field's label points at the text box. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** cron 表达式: typed, or made in the Crontab builder (生成表达式), which opens on the current text. */
export default function CronInput({ id, value = '', onChange }: CronInputProps) {
  const [building, setBuilding] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value}
          maxLength={CRON_MAX_LENGTH}
          spellCheck={false}
          placeholder="请输入cron执行表达式"
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Button icon={<ClockCircleOutlined />} onClick={() => setBuilding(true)}>
          生成表达式
        </Button>
      </Space.Compact>
      {building && (
        <Suspense fallback={null}>
          <Crontab
            expression={value}
            onOk={(expression) => {
              onChange?.(expression);
              setBuilding(false);
            }}
            onCancel={() => setBuilding(false)}
          />
        </Suspense>
      )}
    </>
  );
}
