import {
  addressLookupQuery,
  addressLookupResponse,
  communesLookupQuery,
  communesLookupResponse,
  companyLookupParams,
  companyLookupResponse,
} from '../lookups.ts';
import { defineRoute } from './define.ts';

/** Company and address look-ups for the forms (issue 4). 503 SERVICE_UNAVAILABLE: the fields open for manual entry. */
export const lookups = {
  company: defineRoute({
    method: 'GET',
    path: '/lookups/company/:siret',
    params: companyLookupParams,
    responses: { 200: companyLookupResponse },
  }),
  /** A POST: the address typed is personal data and must not travel in a URL (proxies and access logs keep URLs). */
  address: defineRoute({
    method: 'POST',
    path: '/lookups/address',
    body: addressLookupQuery,
    responses: { 200: addressLookupResponse },
  }),
  communes: defineRoute({
    method: 'GET',
    path: '/lookups/communes',
    query: communesLookupQuery,
    responses: { 200: communesLookupResponse },
  }),
};
