import Box from '@mui/material/Box';
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';
import { useNavigate } from 'react-router';

/**
 * Html of the content feed, sanitised by the server. Links carrying `data-translate-key` get the translated label;
 * links inside the site navigate without reloading the page, those starting with http load fully.
 */
export function HtmlContent({ html }: { html: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();

  const translated = useMemo(() => {
    const template = document.createElement('template');
    template.innerHTML = html;
    for (const link of template.content.querySelectorAll<HTMLAnchorElement>('a[data-translate-key]')) {
      const key = link.dataset['translateKey'];
      if (key && i18n.exists(key)) link.textContent = t(builtKey<'common'>(key));
    }
    return template.innerHTML;
  }, [html, t, i18n]);

  function onClick(event: MouseEvent<HTMLElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target === '_blank') return;
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    <Box
      // The click only refines what the links already do: keyboard users get the same navigation through Enter.
      onClick={onClick}
      sx={{
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p, & ul, & ol': { my: 1 },
        '& h2, & h3, & h4': { mt: 2, mb: 1, fontSize: '1.05rem' },
        '& a': { color: 'primary.main', fontWeight: 600, textUnderlineOffset: '2px' },
        overflowWrap: 'anywhere',
      }}
      dangerouslySetInnerHTML={{ __html: translated }}
    />
  );
}
