import type { Editor, Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { richTextAttributes } from '@acs/shared';

/** A link the shared allow-list keeps (http, https, mailto); the link dialog and pasted links use the same rule. */
export function isAllowedLink(url: string): boolean {
  return richTextAttributes('a', { href: url }, '')?.href !== undefined;
}

/**
 * The notice editor's document model. Every node and mark renders inside the shared rich-text allow-list
 * (packages/shared rich-text.ts), so what is typed here is what the server stores: no code, code blocks or
 * rules (not in the list), headings 1–4, colours and alignment as the `style` properties the list keeps,
 * links with the `rel` the sanitisers write.
 */
export function editorExtensions(placeholder = ''): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      horizontalRule: false,
      heading: { levels: [1, 2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        isAllowedUri: (url) => isAllowedLink(url),
      },
    }),
    TextStyle,
    Color,
    BackgroundColor,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    Image.configure({ inline: false, allowBase64: false }),
    Placeholder.configure({ placeholder }),
  ];
}

/** The document as HTML, an editor holding only an empty paragraph as ''. */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}
