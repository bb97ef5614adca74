import { z } from 'zod';
import { idParams, trackingBody, trackingEntry, trackingListItem } from '../portal.ts';
import { defineRoute, noBody } from './define.ts';

const base = '/admissibles/portal/suiviRechercheEmployeur';

/** The signed-in applicant's tracking of their search for an employer (SPEC sections 2, 3 and 7). */
export const tracking = {
  list: defineRoute({ method: 'GET', path: base, responses: { 200: z.array(trackingListItem) } }),
  create: defineRoute({ method: 'POST', path: base, body: trackingBody, responses: { 201: trackingEntry } }),
  get: defineRoute({ method: 'GET', path: `${base}/:id`, params: idParams, responses: { 200: trackingEntry } }),
  update: defineRoute({
    method: 'PUT',
    path: `${base}/:id`,
    params: idParams,
    body: trackingBody,
    responses: { 200: trackingEntry },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: `${base}/:id`,
    params: idParams,
    responses: { 204: noBody('Deleted') },
  }),
};
