/** The tags a browser's editing commands write, renamed to those the content feed keeps (the server drops the others). */
const renames: Record<string, string> = { B: 'strong', I: 'em', DIV: 'p', H1: 'h3', H5: 'h4', H6: 'h4' };

/** The editor's html in the feed's own tags: `<b>` to `<strong>`, `<div>` blocks to paragraphs, no empty trailing break. */
export function normalizeEditorHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of [...template.content.querySelectorAll('b, i, div, h1, h5, h6')]) {
    const name = renames[element.tagName];
    if (!name) continue;
    const replacement = document.createElement(name);
    replacement.append(...element.childNodes);
    element.replaceWith(replacement);
  }
  // A list made inside a paragraph lands in it (<p><ul>), which html does not allow: read back, it leaves empty
  // paragraphs around the list, which go.
  for (const paragraph of [...template.content.querySelectorAll('p')]) {
    if (paragraph.childNodes.length === 0) paragraph.remove();
  }
  // Style attributes and spans a paste brings are dropped by the server; drop them here too so the preview matches.
  for (const element of template.content.querySelectorAll('[style]')) element.removeAttribute('style');
  const text = template.innerHTML.trim();
  return text === '<br>' || text === '<p><br></p>' ? '' : text;
}
