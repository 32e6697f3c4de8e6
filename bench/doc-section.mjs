import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Replaces the body of the `## <title>` section of a markdown file (up to the next `## ` heading),
 * or appends the section; other sections are left as they are, since other benchmarks own them.
 */
export function writeDocSection(file, title, body) {
  const heading = `## ${title}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  const block = [heading, '', body.trimEnd(), ''];
  let next;
  if (start === -1) {
    while (lines.at(-1) === '') lines.pop();
    next = [...lines, '', ...block];
  } else {
    const rel = lines.slice(start + 1).findIndex((l) => l.startsWith('## '));
    const end = rel === -1 ? lines.length : start + 1 + rel;
    next = [...lines.slice(0, start), ...block, ...lines.slice(end)];
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${next.join('\n').trimEnd()}\n`);
}
