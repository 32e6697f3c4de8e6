import { Tag, Tooltip } from 'antd';

/** A group's words as tags; the first, the standard word the others are read as, in bold. */
export default function WordTags({ words }: { words: readonly string[] }) {
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {words.map((word, i) =>
        i === 0 ? (
          <Tooltip key={word} title="标准词">
            <Tag color="blue" style={{ fontWeight: 600, marginInlineEnd: 0 }} data-testid="standard-word">
              {word}
            </Tag>
          </Tooltip>
        ) : (
          <Tag key={word} style={{ marginInlineEnd: 0 }}>
            {word}
          </Tag>
        ),
      )}
    </span>
  );
}
