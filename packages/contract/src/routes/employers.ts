import { employerDossiersResponse } from '../sheets.ts';
import { defineRoute } from './define.ts';

export const employers = {
  /** The employer home: the cases of the companies the user acts for, and what each waits for. */
  dossiers: defineRoute({ method: 'GET', path: '/employeurs/dossiers', responses: { 200: employerDossiersResponse } }),
};
