import { cfaSettingsBody, cfaSettingsResponse } from '../staff-settings.ts';
import { defineRoute } from './define.ts';

/** The back office's settings (issue 28): admins only; staff get 403 like applicants and employers. */
export const settings = {
  cfa: defineRoute({ method: 'GET', path: '/staff/settings/cfa', responses: { 200: cfaSettingsResponse } }),
  /** Saves the whole identity (every process reads it from the database at its next use). */
  saveCfa: defineRoute({
    method: 'PUT',
    path: '/staff/settings/cfa',
    body: cfaSettingsBody,
    responses: { 200: cfaSettingsResponse },
  }),
};
