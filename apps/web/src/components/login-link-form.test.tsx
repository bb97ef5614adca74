import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { LoginLinkForm } from './login-link-form';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LoginLinkForm />
    </QueryClientProvider>,
  );
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('LoginLinkForm', () => {
  it('shows the validation message in French under the field and sends nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    const input = screen.getByRole('textbox', { name: /adresse e-mail/i });
    await userEvent.type(input, 'pas-une-adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir mon lien' }));
    // Written for the person (rules/zod-messages.ts), not zod's "adresse e-mail invalide".
    const message = 'Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is disabled while sending, then says a link is on its way', async () => {
    let answer: (res: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /adresse e-mail/i }), 'camille@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir mon lien' }));

    const sending = await screen.findByRole('button', { name: 'Envoi en cours…' });
    expect(sending).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /adresse e-mail/i })).toBeDisabled();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login-link');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'camille@example.org', lang: 'fr-FR' });

    answer(new Response(null, { status: 202 }));
    expect(
      await screen.findByText(
        'Si cette adresse est connue, vous recevrez un lien dans quelques minutes. Pensez à vérifier vos courriers indésirables.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recevoir mon lien' })).not.toBeInTheDocument();
  });

  it('puts the server message for the e-mail under the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid body',
          errors: { email: ['Adresse refusée par le serveur'] },
        }),
      ),
    );
    renderForm();
    const input = screen.getByRole('textbox', { name: /adresse e-mail/i });
    await userEvent.type(input, 'camille@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir mon lien' }));
    expect(await screen.findByText('Adresse refusée par le serveur')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Adresse refusée par le serveur');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a rate limit in words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(429, { code: 'RATE_LIMITED', message: 'Too many requests' })),
    );
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /adresse e-mail/i }), 'camille@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir mon lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes en peu de temps');
    expect(screen.getByRole('button', { name: 'Recevoir mon lien' })).toBeEnabled();
  });
});
