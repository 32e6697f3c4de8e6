import { Card, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { AGENT_TEMPLATE_LABELS, AGENT_TEMPLATES, type AgentTemplate } from '@acs/shared';
import type { AgentTemplateInfo } from '../../../../../api/ai/agent';

const BLANK_DESCRIPTION = '从空白开始，自己填写提示词、回复规则和知识问答。';

interface TemplateCardsProps {
  templates: AgentTemplateInfo[];
  value?: AgentTemplate;
  onChange?: (value: AgentTemplate) => void;
}

/** The template picker of 新建客服: one card per template with its one-line description. */
export default function TemplateCards({ templates, value, onChange }: TemplateCardsProps) {
  const describe = (t: AgentTemplate) => (t === 'blank' ? BLANK_DESCRIPTION : (templates.find((x) => x.template === t)?.description ?? ''));
  return (
    <div role="radiogroup" aria-label="模板" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12 }}>
      {AGENT_TEMPLATES.map((t) => {
        const checked = value === t;
        return (
          <Card
            key={t}
            size="small"
            hoverable
            role="radio"
            aria-checked={checked}
            aria-label={AGENT_TEMPLATE_LABELS[t]}
            tabIndex={0}
            onClick={() => onChange?.(t)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChange?.(t)}
            style={{ borderColor: checked ? '#165eff' : undefined, cursor: 'pointer' }}
          >
            <Typography.Text strong>
              {AGENT_TEMPLATE_LABELS[t]} {checked && <CheckCircleFilled style={{ color: '#165eff' }} />}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
              {describe(t)}
            </Typography.Paragraph>
          </Card>
        );
      })}
    </div>
  );
}
