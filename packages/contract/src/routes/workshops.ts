import { idParams, registerAtelierResponse } from '../portal.ts';
import {
  deleteWorkshopResponse,
  staffWorkshopParams,
  staffWorkshopResponse,
  staffWorkshopsResponse,
  workshopBody,
  workshopRegistrantsResponse,
} from '../staff-workshops.ts';
import { defineRoute } from './define.ts';

/** The workshops: an applicant's registration, and the back office's list and registrants (issue 12). */
export const workshops = {
  /** The same call registers and unregisters (SPEC section 4). */
  toggleRegistration: defineRoute({
    method: 'POST',
    path: '/admissibles/portal/registerAtelier/:id',
    params: idParams,
    responses: { 200: registerAtelierResponse },
  }),
  staffList: defineRoute({ method: 'GET', path: '/staff/workshops', responses: { 200: staffWorkshopsResponse } }),
  create: defineRoute({
    method: 'POST',
    path: '/staff/workshops',
    body: workshopBody,
    responses: { 201: staffWorkshopResponse },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/staff/workshops/:id',
    params: staffWorkshopParams,
    body: workshopBody,
    responses: { 200: staffWorkshopResponse },
  }),
  /** Its registrations go with it, and the registrants are told by mail. */
  delete: defineRoute({
    method: 'DELETE',
    path: '/staff/workshops/:id',
    params: staffWorkshopParams,
    responses: { 200: deleteWorkshopResponse },
  }),
  registrants: defineRoute({
    method: 'GET',
    path: '/staff/workshops/:id/registrants',
    params: staffWorkshopParams,
    responses: { 200: workshopRegistrantsResponse },
  }),
};
