import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/api-stub';
import { requestUrl } from '../test/request-url';
import { call, callForFile, fileUrl } from './api-client';
import { authStore } from './auth-store';

interface Sent {
  method: string;
  url: string;
  body: BodyInit | null | undefined;
  authorization: string | null;
}

/** Stubs fetch with `answers`, one a call in order; returns what was sent. */
function stubFetch(...answers: Response[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: requestUrl(input),
        body: init?.body,
        authorization: new Headers(init?.headers).get('Authorization'),
      });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call to ${requestUrl(input)}`);
      return answer;
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('call', () => {
  it('puts each path parameter into the address, encoded, and the query after it', async () => {
    const sent = stubFetch(jsonResponse(200, { siret: '1' }), jsonResponse(200, [{ id: 1 }]));
    await call('GET /lookups/company/:siret', { params: { siret: '123 45/6' } });
    await call('GET /admissibles/file/getPublicFiles/:dossierId', {
      params: { dossierId: 7 },
      query: { type: 'home' },
    });
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/lookups/company/123%2045%2F6',
      'GET /api/admissibles/file/getPublicFiles/7?type=home',
    ]);
  });

  it('leaves unset query fields out, sends the method and the JSON body, and answers the JSON', async () => {
    const sent = stubFetch(jsonResponse(200, { items: [], total: 0 }), jsonResponse(200, { token: 'access' }));
    const list = await call('GET /staff/applicants', { query: { q: 'lea', school: undefined, page: 2 } });
    const session = await call('POST /auth/exchange', { body: { t: 'a-token-from-the-link' }, anonymous: true });
    expect(list).toEqual({ items: [], total: 0 });
    expect(session).toEqual({ token: 'access' });
    expect(sent[0]?.url).toBe('/api/staff/applicants?q=lea&page=2');
    expect(sent[1]).toMatchObject({ method: 'POST', url: '/api/auth/exchange', body: '{"t":"a-token-from-the-link"}' });
  });

  it('answers undefined for a 204 and sends a FormData as it is', async () => {
    const form = new FormData();
    form.append('numCvec', 'ABC');
    const sent = stubFetch(new Response(null, { status: 204 }), jsonResponse(200, { documents: {} }));
    expect(await call('DELETE /admissibles/dossiers/:id', { params: { id: 4 } })).toBeUndefined();
    await call('POST /admissibles/portal/upload', { body: form });
    expect(sent[0]).toMatchObject({ method: 'DELETE', url: '/api/admissibles/dossiers/4' });
    expect(sent[1]?.body).toBe(form);
  });

  it('refreshes an expired token once at the contract refresh route, then sends the call again', async () => {
    authStore.setToken('old');
    const sent = stubFetch(
      jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
      jsonResponse(200, { token: 'new' }),
      jsonResponse(200, { userType: 'admissible', prenom: 'Léa', nom: 'M', mail: 'lea@example.org' }),
    );
    const me = await call('GET /users/me');
    expect(me.prenom).toBe('Léa');
    expect(sent.map(({ url, authorization }) => `${url} ${authorization ?? '-'}`)).toEqual([
      '/api/users/me Bearer old',
      '/api/admissibles/refresh_token -',
      '/api/users/me Bearer new',
    ]);
  });
});

describe('downloads', () => {
  it('gives a download route its address, and its Response', async () => {
    expect(fileUrl('GET /admissibles/portal/attestations/:kind', { params: { kind: 'admissibilite' } })).toBe(
      '/api/admissibles/portal/attestations/admissibilite',
    );
    stubFetch(new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const res = await callForFile('GET /files/:id', { params: { id: 'f1' } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-1.7');
  });
});
