import { Tag } from 'antd';
import type { MessageHit } from '@acs/shared';

/** The error prefix of the fallback sent when the model found no answer in the knowledge it was given. */
const NO_ANSWER = 'no_answer:';

/**
 * What an AI message stood on, under its text: a model answer's knowledge entries (「依据：」 with
 * each entry's question and score), or that the model found no answer in them.
 */
export default function HitGrounding({ hit }: { hit: MessageHit | null }) {
  if (hit?.type === 'model' && hit.refs?.length) {
    return (
      <div className="conv-msg-grounding">
        <span>依据：</span>
        {hit.refs.map((ref) => (
          <Tag key={ref.id} title={`知识条目 #${ref.id}`}>
            {ref.name} {ref.score.toFixed(2)}
          </Tag>
        ))}
      </div>
    );
  }
  if (hit?.type === 'fallback' && hit.error?.startsWith(NO_ANSWER)) {
    return (
      <div className="conv-msg-grounding">
        <Tag color="warning">资料中没有答案</Tag>
      </div>
    );
  }
  return null;
}
