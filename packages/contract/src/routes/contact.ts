import { cfaContactResponse } from '../contact.ts';
import { defineRoute } from './define.ts';

export const contact = {
  /** How to reach the CFA: public, the error pages show it to visitors. */
  cfa: defineRoute({ method: 'GET', path: '/public/contact', responses: { 200: cfaContactResponse } }),
};
