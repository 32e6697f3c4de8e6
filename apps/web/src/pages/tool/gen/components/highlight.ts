import hljs from 'highlight.js/lib/core';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import './highlight.css';

/*
 * Loaded on demand by CodeBlock: only the two languages the generator writes are registered, so the
 * highlighter stays out of the list page's chunk and small when it does load.
 */
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('sql', sql);

/** The code as highlighted HTML (highlight.js escapes the text itself). */
export function highlight(code: string, language: 'typescript' | 'sql'): string {
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
