/**
 * The link between the API's routes and the web app's calls (issue 26), proved by `npm run typecheck`: every line
 * under `@ts-expect-error` is a call the contract refuses, and typecheck fails if one of them ever compiles. Never run
 * (it is no test file): the calls sit in a function nobody calls.
 */
import type { CmsInfo, MeResponse, PortalInfos, TrackingEntry } from '@passerelle/contract';
import { call, callForFile, fileUrl } from './api-client';

export async function callsTheContractRefuses(signal: AbortSignal, body: Omit<TrackingEntry, 'id'>): Promise<void> {
  // What the contract accepts, and the answers' types.
  const me: MeResponse = await call('GET /users/me', { signal });
  const entry: TrackingEntry = await call('GET /admissibles/portal/suiviRechercheEmployeur/:id', { params: { id: 3 } });
  const created: TrackingEntry = await call('POST /admissibles/portal/suiviRechercheEmployeur', { body });
  const deleted: undefined = await call('DELETE /admissibles/portal/suiviRechercheEmployeur/:id', {
    params: { id: entry.id },
  });
  void [me, created, deleted];

  // @ts-expect-error: no such route (the path is /users/me)
  await call('GET /users/self');
  // @ts-expect-error: the route has no POST
  await call('POST /users/me');
  // @ts-expect-error: a wrong param: the id is a number
  await call('GET /admissibles/portal/suiviRechercheEmployeur/:id', { params: { id: 'three' } });
  // @ts-expect-error: a param the path does not have
  await call('GET /admissibles/portal/suiviRechercheEmployeur/:id', { params: { id: 3, dossierId: 4 } });
  // @ts-expect-error: the path's param is missing
  await call('GET /admissibles/portal/suiviRechercheEmployeur/:id', {});
  // @ts-expect-error: a wrong body field (the link's token is `t`)
  await call('POST /auth/exchange', { body: { token: 'a-token-from-the-link' } });
  // @ts-expect-error: the body is missing
  await call('POST /auth/exchange');
  // @ts-expect-error: a body on a route that takes none
  await call('GET /users/me', { body: { mail: 'someone@example.org' } });
  // @ts-expect-error: a wrong use of the answer: /users/me answers `mail`, not `email`
  void (await call('GET /users/me')).email;
  // @ts-expect-error: a wrong use of the answer: a 204 answers nothing
  void (await call('POST /auth/logout')).token;
  // @ts-expect-error: a wrong use of the answer: the exchange answers a token, not a user
  const signedIn: MeResponse = await call('POST /auth/exchange', { body: { t: 'a-token-from-the-link' } });
  void signedIn;
}

export async function uploadsAndDownloads(form: FormData): Promise<void> {
  const infos: PortalInfos = await call('POST /admissibles/portal/upload', { body: form });
  const feed: CmsInfo = await call('GET /admissibles/portal/cms', { query: { lang: 'en' } });
  const url: string = fileUrl('GET /admissibles/portal/attestations/:kind', { params: { kind: 'admissibilite' } });
  const bytes: Blob = await (await callForFile('GET /files/:id', { params: { id: 'a-file' } })).blob();
  void [infos, feed, url, bytes];

  // @ts-expect-error: an upload's body is a FormData
  await call('POST /admissibles/portal/upload', { body: { cv: 'my-cv.pdf' } });
  // @ts-expect-error: a wrong query value
  await call('GET /admissibles/portal/cms', { query: { lang: 'de' } });
  // @ts-expect-error: a wrong param: no such attestation
  fileUrl('GET /admissibles/portal/attestations/:kind', { params: { kind: 'diploma' } });
  // @ts-expect-error: a download is read with callForFile (or fileUrl), not as JSON
  await call('GET /files/:id', { params: { id: 'a-file' } });
  // @ts-expect-error: a JSON route is no download
  fileUrl('GET /users/me');
}
