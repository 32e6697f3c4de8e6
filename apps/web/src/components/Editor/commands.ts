/**
 * The editing commands of the notice editor. document.execCommand is deprecated but remains the only
 * browser API that edits a contentEditable region with native undo/redo history, which is exactly what a
 * compact editor needs; every call goes through here.
 */
export function runCommand(command: string, value?: string): void {
  // Colours as <span style> (kept by the server's allow-list) rather than <font color>.
  const styled = command === 'foreColor' || command === 'hiliteColor';
  if (styled) document.execCommand('styleWithCSS', false, 'true');
  document.execCommand(command, false, value);
  if (styled) document.execCommand('styleWithCSS', false, 'false');
}

export function commandActive(command: string): boolean {
  try {
    return document.queryCommandState(command);
  } catch {
    // Browsers throw for unsupported commands; jsdom has no editing support at all.
    return false;
  }
}

/** The block format at the caret ('h1', 'blockquote', 'p', …), lower case. */
export function currentBlock(): string {
  try {
    return document.queryCommandValue('formatBlock').toLowerCase();
  } catch {
    return '';
  }
}

/** innerHTML with an empty editor reported as '' (browsers leave <br> or <p><br></p> behind). */
export function editorHtml(el: HTMLElement): string {
  const html = el.innerHTML;
  return el.textContent?.trim() === '' && !/<(img|li|table)\b/i.test(html) ? '' : html;
}
