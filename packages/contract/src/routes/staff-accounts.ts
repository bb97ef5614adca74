import {
  inviteStaffBody,
  inviteStaffResponse,
  staffAccountParams,
  staffAccountResponse,
  staffAccountsResponse,
} from '../staff-accounts.ts';
import { defineRoute } from './define.ts';

/** The back-office accounts (issue 12): admins only; staff get 403 like applicants and employers. */
export const staffAccounts = {
  list: defineRoute({ method: 'GET', path: '/staff/accounts', responses: { 200: staffAccountsResponse } }),
  /** Creates (201) or invites again (200), and mails the personal link. */
  invite: defineRoute({
    method: 'POST',
    path: '/staff/accounts',
    body: inviteStaffBody,
    responses: { 200: inviteStaffResponse, 201: inviteStaffResponse },
  }),
  deactivate: defineRoute({
    method: 'POST',
    path: '/staff/accounts/:id/deactivate',
    params: staffAccountParams,
    responses: { 200: staffAccountResponse },
  }),
  reactivate: defineRoute({
    method: 'POST',
    path: '/staff/accounts/:id/reactivate',
    params: staffAccountParams,
    responses: { 200: staffAccountResponse },
  }),
};
