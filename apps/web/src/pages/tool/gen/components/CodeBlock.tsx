import { useEffect, useState } from 'react';

interface Props {
  code: string;
  language: 'typescript' | 'sql';
  label: string;
}

/**
 * A generated file's code: plain at once, highlighted as soon as the highlighter (its own chunk) has
 * loaded. A failed load leaves the plain text, which is still complete.
 */
export default function CodeBlock({ code, language, label }: Props) {
  const [html, setHtml] = useState<{ code: string; value: string }>();

  useEffect(() => {
    let live = true;
    import('./highlight')
      .then(({ highlight }) => live && setHtml({ code, value: highlight(code, language) }))
      .catch((error: unknown) => console.warn('代码高亮未加载', error));
    return () => {
      live = false;
    };
  }, [code, language]);

  return (
    <pre className="gen-code" tabIndex={0} aria-label={label}>
      {html?.code === code ? <code className="hljs" dangerouslySetInnerHTML={{ __html: html.value }} /> : <code>{code}</code>}
    </pre>
  );
}
