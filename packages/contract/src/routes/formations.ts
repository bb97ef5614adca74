import {
  formationBody,
  schoolBody,
  staffFormationParams,
  staffFormationResponse,
  staffFormationsResponse,
  staffSchoolParams,
  staffSchoolResponse,
  staffSchoolsResponse,
} from '../staff-formations.ts';
import { defineRoute } from './define.ts';

/** Formations and schools as data (issue 12), for staff and admins. */
export const formations = {
  list: defineRoute({ method: 'GET', path: '/staff/formations', responses: { 200: staffFormationsResponse } }),
  create: defineRoute({
    method: 'POST',
    path: '/staff/formations',
    body: formationBody,
    responses: { 201: staffFormationResponse },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/staff/formations/:id',
    params: staffFormationParams,
    body: formationBody,
    responses: { 200: staffFormationResponse },
  }),
  schools: defineRoute({ method: 'GET', path: '/staff/schools', responses: { 200: staffSchoolsResponse } }),
  createSchool: defineRoute({
    method: 'POST',
    path: '/staff/schools',
    body: schoolBody,
    responses: { 201: staffSchoolResponse },
  }),
  updateSchool: defineRoute({
    method: 'PUT',
    path: '/staff/schools/:id',
    params: staffSchoolParams,
    body: schoolBody,
    responses: { 200: staffSchoolResponse },
  }),
};
