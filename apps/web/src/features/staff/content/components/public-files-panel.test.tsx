import type { StaffPublicFile } from '@passerelle/contract/staff-content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../../test/api-stub';
import { renderRoutes } from '../../../../test/render';
import { setUpScreenTests } from '../../../../test/screen-tests';
import { PublicFilesPanel } from './public-files-panel';

const file: StaffPublicFile = {
  id: 5,
  name: 'Calendrier',
  size: 20480,
  contentType: 'application/pdf',
  attachmentUrl: '/files/calendrier.pdf',
  position: 1,
};

setUpScreenTests(['staff-content']);

describe('PublicFilesPanel', () => {
  it('renames a document: an empty name is refused here, the server’s refusal lands under the field', async () => {
    let isRefused = true;
    const calls = stubApi({ '/api/staff/content/public-files': { files: [file] } }, () =>
      isRefused
        ? jsonResponse(400, { code: 'VALIDATION', message: 'x', errors: { name: ['Ce nom est déjà pris.'] } })
        : jsonResponse(200, { file: { ...file, name: 'Calendrier 2027' } }),
    );
    const onFeedback = vi.fn();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <PublicFilesPanel onFeedback={onFeedback} /> }]);
    const list = await screen.findByRole('region', { name: 'Documents de l’accueil' });
    await user.click(await within(list).findByRole('button', { name: 'Renommer « Calendrier »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer le document' });
    const input = within(dialog).getByRole('textbox', { name: /Nom affiché/ });

    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(input).toHaveAccessibleDescription('Saisissez le nom du document.');
    expect(calls).toEqual([]);

    await user.type(input, '  Calendrier 2027 ');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(input).toHaveAccessibleDescription('Ce nom est déjà pris.'));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/api/staff/content/public-files/5',
      body: { name: 'Calendrier 2027' },
    });

    isRefused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() =>
      expect(onFeedback).toHaveBeenCalledWith('Le document s’appelle désormais « Calendrier 2027 ».'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
