import { ThemeProvider } from '@mui/material/styles';
import type { AddressSuggestion } from '@passerelle/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { buildTheme } from '../../../lib/theme';
import fr from '../../../locales/fr-FR/sheets.json';
import AddressLookup, { type AddressSearch } from './address-lookup';

const LABEL = "Rechercher l'adresse";

const suggestion = (label: string, voie: string): AddressSuggestion => ({
  label,
  numeroVoie: '3',
  voie,
  codePostal: '92100',
  commune: 'Boulogne-Billancourt',
  codeInsee: '92012',
});
const lilas = suggestion('3 Rue des Lilas 92100 Boulogne-Billancourt', 'Rue des Lilas');
const roses = suggestion('3 Rue des Roses 92100 Boulogne-Billancourt', 'Rue des Roses');

function renderLookup(search: AddressSearch) {
  const onPick = vi.fn<(suggestion: AddressSuggestion) => void>();
  const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
  render(
    <ThemeProvider theme={buildTheme('light')}>
      <form onSubmit={onSubmit}>
        <AddressLookup label={LABEL} search={search} onPick={onPick} />
      </form>
    </ThemeProvider>,
  );
  return { onPick, onSubmit, box: screen.getByRole('combobox', { name: LABEL }) };
}

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['sheets']);
});

describe('AddressLookup', () => {
  it('searches once typing pauses and fills the form from the suggestion chosen with the keyboard', async () => {
    const search = vi.fn<AddressSearch>(async () => ({ found: [lilas, roses] }));
    const { onPick, onSubmit, box } = renderLookup(search);
    const user = userEvent.setup();

    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAccessibleDescription(fr.lookup.addressHint);
    await user.type(box, '3 rue des');

    const listbox = await screen.findByRole('listbox');
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('3 rue des');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([lilas.label, roses.label]);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);

    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(roses);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue(roses.label);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The chosen label in the box is not a new query.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('picks with the mouse and closes with Escape', async () => {
    const { onPick, box } = renderLookup(async () => ({ found: [lilas, roses] }));
    const user = userEvent.setup();

    await user.type(box, 'lilas');
    await user.click(await screen.findByRole('option', { name: lilas.label }));
    expect(onPick).toHaveBeenCalledWith(lilas);
    expect(box).toHaveFocus();

    await user.type(box, ' ');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
  });

  it('never sends fewer than 3 characters', async () => {
    const search = vi.fn<AddressSearch>(async () => ({ found: [lilas] }));
    const { box } = renderLookup(search);
    await userEvent.setup().type(box, '3 r');
    await screen.findByRole('listbox');
    await userEvent.setup().type(box, '{Backspace}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('says when the directory finds nothing or does not answer, leaving the fields to manual entry', async () => {
    let answer: Awaited<ReturnType<AddressSearch>> = { found: [] };
    const { box, onPick } = renderLookup(async () => answer);
    const user = userEvent.setup();

    await user.type(box, 'nulle part');
    expect(await screen.findByText(fr.lookup.noAddress)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');

    answer = { isRefused: false };
    await user.type(box, 'x');
    expect(await screen.findByText(fr.lookup.addressUnavailable)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(fr.lookup.noAddress)).not.toBeInTheDocument());

    // A refused query (400) is no outage: no notice.
    answer = { isRefused: true };
    await user.type(box, 'y');
    await waitFor(() => expect(screen.queryByText(fr.lookup.addressUnavailable)).not.toBeInTheDocument());
    await user.keyboard('{Enter}');
    expect(onPick).not.toHaveBeenCalled();
  });
});
