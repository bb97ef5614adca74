import type { StaffCmsSection } from '@passerelle/contract/staff-content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../../../test/screen-tests';
import { jsonResponse, stubApi, type StubbedCall } from '../../../test/api-stub';
import { renderRoutes } from '../../../test/render';
import type { CmsPreview } from './components/feed-panel';
import { StaffContentPage } from './staff-content-page';

const news: StaffCmsSection = {
  section: 'news',
  lang: 'fr-FR',
  title: 'Actualités',
  text: '<p>Le forum approche.</p>',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

/** The route gives the portal's own card; a plain region stands for it here. */
const Preview: CmsPreview = ({ title, html }) => (
  <section aria-label={`aperçu ${title}`}>
    <div dangerouslySetInnerHTML={{ __html: html }} />
  </section>
);

setUpScreenTests(['staff-content']);

const renderPage = (onWrite: (call: StubbedCall) => Response) => {
  const calls = stubApi({ '/api/staff/cms/news': news }, onWrite);
  renderRoutes([{ path: '/gestion/contenu', element: <StaffContentPage Preview={Preview} /> }], '/gestion/contenu');
  return calls;
};

/** What a person types in the rich-text area, as the browser's editing leaves it. */
function typeHtml(editor: HTMLElement, html: string) {
  editor.innerHTML = html;
  fireEvent.input(editor);
}

describe('StaffContentPage, the feed', () => {
  it('shows the saved section in a labelled multi-line text area with a toolbar of pressed states, and its preview', async () => {
    renderPage(() => jsonResponse(500, { code: 'INTERNAL', message: 'x' }));
    const editor = await screen.findByRole('textbox', { name: 'Texte' });
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor.innerHTML).toBe('<p>Le forum approche.</p>');
    expect(screen.getByRole('textbox', { name: /^Titre/ })).toHaveValue('Actualités');
    const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme : Texte' });
    const bold = within(toolbar).getByRole('button', { name: 'Gras' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    expect(bold).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    expect(
      within(screen.getByRole('region', { name: 'aperçu Actualités' })).getByText('Le forum approche.'),
    ).toBeInTheDocument();

    // One stop in the tab order; the arrow keys move along the toolbar.
    expect(bold).toHaveAttribute('tabindex', '0');
    bold.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Italique' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Retirer le lien' })).toHaveFocus();
  });

  it('asks for a title before sending, then puts the server’s messages under the fields', async () => {
    const calls = renderPage(() =>
      jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'x', errors: { title: ['field.required'] } }),
    );
    const title = await screen.findByRole('textbox', { name: /^Titre/ });
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Saisissez le titre de la carte.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await userEvent.type(title, '   x');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('sends the html in the feed’s tags, shows it in the preview, and says when it is saved', async () => {
    const calls = renderPage(() =>
      jsonResponse(200, {
        ...news,
        title: 'Forum',
        text: '<p><strong>Inscriptions</strong> ouvertes</p>',
        updatedAt: '2026-11-25T10:30:00.000Z',
      }),
    );
    const editor = await screen.findByRole('textbox', { name: 'Texte' });
    await userEvent.clear(screen.getByRole('textbox', { name: /^Titre/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Titre/ }), 'Forum');
    typeHtml(editor, '<div><b>Inscriptions</b> ouvertes</div>');
    expect(screen.getByText('Modifications non enregistrées.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'aperçu Forum' })).getByText('Inscriptions').tagName).toBe(
      'STRONG',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/^Enregistré le 25\/11\/2026/)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/staff/cms/news',
        body: { title: 'Forum', text: '<p><strong>Inscriptions</strong> ouvertes</p>' },
      },
    ]);
    expect(screen.queryByText('Modifications non enregistrées.')).not.toBeInTheDocument();
  });

  it('asks before another language replaces unsaved changes, and keeps them when the person goes on typing', async () => {
    renderPage(() => jsonResponse(500, { code: 'INTERNAL', message: 'x' }));
    const title = await screen.findByRole('textbox', { name: /^Titre/ });
    await userEvent.type(title, ' du mois');
    await userEvent.click(screen.getByRole('button', { name: 'Anglais' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner les modifications ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer la saisie' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(title).toHaveValue('Actualités du mois');
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
  });
});
