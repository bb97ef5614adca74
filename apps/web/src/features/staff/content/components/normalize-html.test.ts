import { describe, expect, it } from 'vitest';
import { normalizeEditorHtml } from './normalize-html';

describe('normalizeEditorHtml', () => {
  it('writes the tags the content feed keeps: strong, em, paragraphs', () => {
    expect(normalizeEditorHtml('<div><b>Forum</b> le <i>12 mars</i></div><div>Suite</div>')).toBe(
      '<p><strong>Forum</strong> le <em>12 mars</em></p><p>Suite</p>',
    );
  });

  it('takes a list out of the paragraph it was made in, and drops inline styles', () => {
    expect(normalizeEditorHtml('<p><ul><li style="color: red">Atelier CV</li></ul></p>')).toBe(
      '<ul><li>Atelier CV</li></ul>',
    );
  });

  it('reads an emptied editor as no text', () => {
    expect(normalizeEditorHtml('<br>')).toBe('');
    expect(normalizeEditorHtml('  <p><br></p> ')).toBe('');
  });
});
