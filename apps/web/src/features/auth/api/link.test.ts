import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { storageKeys } from '../../../lib/storage-keys';
import { logout } from './link';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('logout', () => {
  it('ends the session on the server and leaves no unsent sheet copy behind, keeping the language', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    authStore.setToken('token');
    localStorage.setItem(`${storageKeys.sheetDraftPrefix}fra.12`, JSON.stringify({ data: { apprenti: { nom: 'Martin' } } }));
    localStorage.setItem(`${storageKeys.sheetDraftPrefix}f1ca.3`, '{}');
    localStorage.setItem(storageKeys.lang, 'en-US');

    await logout();

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(authStore.get().token).toBeNull();
    expect(localStorage.getItem(`${storageKeys.sheetDraftPrefix}fra.12`)).toBeNull();
    expect(localStorage.getItem(`${storageKeys.sheetDraftPrefix}f1ca.3`)).toBeNull();
    expect(localStorage.getItem(storageKeys.lang)).toBe('en-US');
  });
});
