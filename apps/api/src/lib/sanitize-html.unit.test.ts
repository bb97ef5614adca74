import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the formatting tags of the content feed', () => {
    const html = '<h2>Titre</h2><p>Un <strong>gras</strong>, un <em>italique</em><br></p><ol><li>un</li></ol><ul><li>deux</li></ul><h4><span>x</span></h4>';
    expect(sanitizeHtml(html)).toBe('<h2>Titre</h2><p>Un <strong>gras</strong>, un <em>italique</em><br /></p><ol><li>un</li></ol><ul><li>deux</li></ul><h4><span>x</span></h4>');
  });

  it('drops scripts, styles, frames and event handlers with their content', () => {
    const out = sanitizeHtml('<p onclick="a()">t</p><script>b()</script><style>p{}</style><iframe src="https://x.example">c</iframe><svg onload="d()"></svg><img src=x onerror=e()>');
    expect(out).toBe('<p>t</p>');
  });

  it('keeps http(s), mailto and relative links only', () => {
    expect(sanitizeHtml('<a href="https://a.example">a</a>')).toBe('<a href="https://a.example">a</a>');
    expect(sanitizeHtml('<a href="mailto:cfa@example.org">m</a>')).toBe('<a href="mailto:cfa@example.org">m</a>');
    expect(sanitizeHtml('<a href="/espace-admissible/dossiers">r</a>')).toBe('<a href="/espace-admissible/dossiers">r</a>');
    expect(sanitizeHtml('<a href="recherche#offres">r</a>')).toBe('<a href="recherche#offres">r</a>');
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', 'tel:0102030405']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('keeps portal translation keys and makes new tabs safe', () => {
    expect(sanitizeHtml('<a href="/x" data-translate-key="portal:home.link" data-other="1" title="t">x</a>')).toBe(
      '<a href="/x" data-translate-key="portal:home.link">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" data-translate-key="other:key">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitizeHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.example" target="_top">x</a>')).toBe('<a href="https://x.example">x</a>');
  });
});
