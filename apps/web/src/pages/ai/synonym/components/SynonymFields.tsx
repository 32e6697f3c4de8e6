import type { FocusEvent } from 'react';
import { Form, Select, Tag, type FormInstance } from 'antd';
import type { Synonym } from '../../../../api/ai/synonym';
import { DictRadioField, RemarkField } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';
import { validWord, WORD_SEPARATORS, wordsProblem } from './words';

/** The 适用客服 choice that stands for null (every agent): agent ids are positive. */
const ALL_AGENTS = 0;
const SPLIT = new RegExp(`[${WORD_SEPARATORS.join('')}]+`);

interface SynonymFieldsProps {
  form: FormInstance<Synonym>;
  statuses: DictOption[];
  agents: { value: number; label: string }[];
}

/** The 同义词 dialog: the words as tags (the first one bold, the standard word), the agent, status and remark. */
export default function SynonymFields({ form, statuses, agents }: SynonymFieldsProps) {
  const words = (Form.useWatch('words', form) ?? []) as string[];

  // A word still being typed when the field loses focus (a click on 确定) is kept, not dropped.
  const keepTyped = (e: FocusEvent<HTMLElement>) => {
    const typed = e.target instanceof HTMLInputElement ? e.target.value : '';
    const more = typed.split(SPLIT).map((w) => w.trim()).filter(Boolean);
    if (more.length > 0) form.setFieldValue('words', [...new Set([...((form.getFieldValue('words') ?? []) as string[]), ...more])]);
  };

  return (
    <>
      <Form.Item
        label="同义词"
        name="words"
        required
        extra="第一个词是标准词，其余的词都按它理解。输入一个词后按回车，或用空格、顿号、逗号分隔。"
        rules={[
          {
            validator: async (_rule, value: string[] | undefined) => {
              const problem = wordsProblem(value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={WORD_SEPARATORS}
          placeholder="如：运费 邮费 快递费"
          onBlur={keepTyped}
          tagRender={({ label, value, closable, onClose }) => (
            <Tag
              color={!validWord(String(value)) ? 'error' : words[0] === value ? 'blue' : undefined}
              closable={closable}
              onClose={onClose}
              style={{ fontWeight: words[0] === value ? 600 : undefined, marginInlineEnd: 4 }}
            >
              {label}
            </Tag>
          )}
        />
      </Form.Item>
      <Form.Item
        label="适用客服"
        name="agentId"
        getValueProps={(value: number | null | undefined) => ({ value: value ?? ALL_AGENTS })}
        normalize={(value: number) => (value === ALL_AGENTS ? null : value)}
        tooltip="全部客服：每个客服都使用这组同义词；选择某个客服：只有它使用"
      >
        <Select showSearch optionFilterProp="label" options={[{ value: ALL_AGENTS, label: '全部客服' }, ...agents]} />
      </Form.Item>
      <DictRadioField label="状态" name="status" options={statuses} />
      <RemarkField />
    </>
  );
}
