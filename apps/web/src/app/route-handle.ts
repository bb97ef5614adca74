import type { UserType } from '@passerelle/contract';

/**
 * SPEC section 2, route table. Every screen is loaded on demand (`lazy`, app/screen.tsx), with the translation
 * namespaces it uses (`handle.namespaces`); `handle.title` is the i18n key of the page title (the document title is
 * "route title - product title"); `handle.userType` the type the route requires, or `handle.userTypes` the types it
 * admits (the back office: staff and admin).
 */
export interface RouteHandle {
  title?: string;
  /** The title for a signed-in person, when it differs (see useDocumentTitle). */
  signedInTitle?: string;
  userType?: UserType;
  /** Several types admitted (either one lets the person in); `userType` is the one-type shorthand. */
  userTypes?: readonly UserType[];
  /** SPEC: logout skips the authentication check. */
  skipAuth?: boolean;
  /** The translation namespaces the route's screen uses beyond `common`, loaded with its code. */
  namespaces?: readonly string[];
}
