import type { Workshop } from '@passerelle/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../../lib/i18n';
import { renderRoutes } from '../../../../test/render';
import { WorkshopsCard } from './workshops-card';

const workshop = (id: number, title: string, isInscrit: boolean): Workshop => ({
  id,
  title,
  date: '2026-04-10',
  startHour: '10:00',
  endHour: '12:00:00',
  quota: 20,
  nbIns: 5,
  isInscrit,
});

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'portal']);
});

afterEach(cleanup);

describe('WorkshopsCard', () => {
  it('disables the other workshops while registered for one, and says why before any confirmation', () => {
    const list = [workshop(1, 'CV et LinkedIn', true), workshop(2, 'Entretien', false), workshop(3, 'Pitch', false)];
    renderRoutes([{ path: '/', element: <WorkshopsCard ateliers={{ list, canRegister: true }} /> }]);

    const others = screen.getAllByRole('button', { name: 'Déjà inscrit(e) ailleurs' });
    expect(others).toHaveLength(2);
    for (const button of others) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(/Un seul atelier est possible à la fois/);
    }
    expect(screen.getByText(/Vous êtes inscrit\(e\) à l’atelier « CV et LinkedIn »/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se désinscrire de l’atelier CV et LinkedIn' })).toBeEnabled();
  });

  it('leaves every register button active when registered nowhere', () => {
    const list = [workshop(2, 'Entretien', false), workshop(3, 'Pitch', false)];
    renderRoutes([{ path: '/', element: <WorkshopsCard ateliers={{ list, canRegister: true }} /> }]);
    expect(screen.getByRole('button', { name: 'S’inscrire à l’atelier Entretien' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'S’inscrire à l’atelier Pitch' })).toBeEnabled();
  });
});
