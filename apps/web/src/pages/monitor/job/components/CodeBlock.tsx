import { Typography } from 'antd';

interface CodeBlockProps {
  title: string;
  code: string;
  /** An exception: red, and scrolls inside its own box when long. */
  error?: boolean;
}

/** A titled block of the detail dialogs holding a target string or an exception, with a copy button. */
export default function CodeBlock({ title, code, error }: CodeBlockProps) {
  return (
    <section className="job-section" aria-label={title}>
      <div className="job-section-title">
        {title} <Typography.Text copyable={{ text: code, tooltips: ['复制', '已复制'] }} />
      </div>
      <pre className={error ? 'job-code job-code-error' : 'job-code'}>{code}</pre>
    </section>
  );
}
