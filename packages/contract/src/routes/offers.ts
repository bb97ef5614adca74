import { z } from 'zod';
import { fileParams, offersQuery, offersResponse } from '../portal.ts';
import {
  OFFER_IMPORT_MAX_BYTES,
  offerBody,
  offerImportQuery,
  offerImportResponse,
  staffOfferParams,
  staffOfferResponse,
  staffOffersQuery,
  staffOffersResponse,
} from '../staff-offers.ts';
import { formFile } from '../files.ts';
import { defineRoute, fileResponse, multipartBody, noBody } from './define.ts';

const importForm = z.object({
  file: formFile(
    `A CSV file of offers (UTF-8 or Windows-1252, commas or semicolons), ${OFFER_IMPORT_MAX_BYTES / 1024 / 1024} MB at most`,
  ),
});

/** The job offers: the applicants' search, the companies' logos, and the back office's list (issue 12). */
export const offers = {
  search: defineRoute({
    method: 'GET',
    path: '/admissibles/portal/offers',
    query: offersQuery,
    responses: { 200: offersResponse },
  }),
  /** Public: the logo is an <img>, which carries no bearer token; its id is a random UUID. */
  logo: defineRoute({
    method: 'GET',
    path: '/offers/logos/:id',
    params: fileParams,
    responses: { 200: fileResponse('image/*', "The company's logo") },
  }),
  staffList: defineRoute({
    method: 'GET',
    path: '/staff/offers',
    query: staffOffersQuery,
    responses: { 200: staffOffersResponse },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/staff/offers',
    body: offerBody,
    responses: { 201: staffOfferResponse },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/staff/offers/:id',
    params: staffOfferParams,
    body: offerBody,
    responses: { 200: staffOfferResponse },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/staff/offers/:id',
    params: staffOfferParams,
    responses: { 204: noBody('Deleted') },
  }),
  /** Expiry is its own action rather than a field of PUT: one click on the list, and an edit never revives an offer. */
  expire: defineRoute({
    method: 'POST',
    path: '/staff/offers/:id/expire',
    params: staffOfferParams,
    responses: { 200: staffOfferResponse },
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/staff/offers/:id/restore',
    params: staffOfferParams,
    responses: { 200: staffOfferResponse },
  }),
  /** A dry run checks the file, the real run stores it (all lines or none). */
  import: defineRoute({
    method: 'POST',
    path: '/staff/offers/import',
    query: offerImportQuery,
    body: multipartBody(importForm),
    responses: { 200: offerImportResponse },
  }),
};
