import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, demoAccounts, lastMailFile, newPage, signInAs, waitForMail } from './support.ts';

const applicant = 'camille.martin@demo.passerelle.test';

/** The mail links point at PUBLIC_URL, which is the harness's own address. */
const openLink = (page: Page, link: string) => page.goto(link);

async function companyEmail(): Promise<string> {
  const company = (await demoAccounts()).find((account) => account.userType === 'company');
  if (!company) throw new Error('no company demo account');
  return company.email;
}

async function openUserMenu(page: Page, name: RegExp) {
  const button = page.getByRole('button', { name });
  await button.click();
  // Under a loaded machine a click can land while the screen under the shell is still settling: one more try, and a
  // clear failure if the menu still does not open.
  const opened = await page
    .getByRole('menu')
    .waitFor({ timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!opened) await button.click();
  await page.getByRole('menu').waitFor({ timeout: 10_000 });
}

describe('shell: sign-in by personal link', () => {
  it('asks for a link on the home page, opens it from the mail and lands in the applicant space', async () => {
    const page = await newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Accueil - Passerelle');
    const before = lastMailFile(applicant);
    await page.getByRole('textbox', { name: /Adresse e-mail/ }).fill(applicant);
    await page.getByRole('button', { name: 'Recevoir mon lien' }).click();
    await page
      .getByText('Si cette adresse est connue, vous recevrez un lien dans quelques minutes.', { exact: false })
      .waitFor();

    const mail = await waitForMail(applicant, before);
    expect(mail.link).toMatch(/\?t=/);
    // A hash on the link survives the sign-in; the one-time token leaves the address at once.
    await openLink(page, `${mail.link ?? ''}#infos`);
    await page.waitForURL((url) => url.pathname === '/espace-admissible');
    expect(new URL(page.url()).searchParams.has('t')).toBe(false);
    expect(new URL(page.url()).hash).toBe('#infos');
    await expect.poll(() => page.getByRole('banner').getByText('MARTIN Camille').isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Mon espace - Passerelle');
    await page.context().close();
  });

  it('removes t from the address on any page and keeps the hash', async () => {
    const page = await newPage();
    const before = lastMailFile(applicant);
    await fetch(`${baseUrl}/api/auth/login-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: applicant }),
    });
    const mail = await waitForMail(applicant, before);
    const t = new URL(mail.link ?? '').searchParams.get('t') ?? '';
    await page.goto(`/about?t=${t}#who`);
    await page.getByRole('heading', { level: 1, name: 'À propos de Passerelle' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('#who');
    await expect
      .poll(() =>
        page.evaluate(
          () => (JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { user?: { mail?: string } }).user?.mail,
        ),
      )
      .toBe(applicant);
    await page.context().close();
  });

  it('says when a link was already used and sends a fresh one in one click', async () => {
    const first = await newPage();
    await signInAs(first, applicant);
    const used = lastMailFile(applicant);
    const usedMail = await waitForMail(applicant);
    await first.context().close();

    const page = await newPage();
    await openLink(page, usedMail.link ?? '');
    await page.getByRole('heading', { level: 1, name: 'Ce lien a expiré ou a déjà été utilisé' }).waitFor();
    expect(new URL(page.url()).searchParams.has('t')).toBe(false);
    await page.getByRole('button', { name: "M'envoyer un nouveau lien" }).click();
    await page.getByText('Un nouveau lien est en route vers votre boîte mail.').waitFor();

    const fresh = await waitForMail(applicant, used);
    expect(fresh.link).toBeTruthy();
    expect(fresh.link).not.toBe(usedMail.link);
    await openLink(page, fresh.link ?? '');
    await page.waitForURL((url) => url.pathname === '/espace-admissible');
    await page.context().close();
  });
});

describe('shell: guards', () => {
  it('sends a visitor without a token from the applicant space to /unauthorized, with the link form', async () => {
    const page = await newPage();
    await page.goto('/espace-admissible/dossiers');
    await page.waitForURL((url) => url.pathname === '/unauthorized');
    await page.getByRole('heading', { level: 1, name: "Vous n'êtes pas identifié" }).waitFor();
    expect(await page.getByRole('textbox', { name: /Adresse e-mail/ }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Accès non identifié - Passerelle');
    await page.context().close();
  });

  it('sends an unknown path to /unauthorized', async () => {
    const page = await newPage();
    await page.goto('/cette-page-nexiste-pas');
    await page.waitForURL((url) => url.pathname === '/unauthorized');
    await page.getByRole('heading', { level: 1, name: "Vous n'êtes pas identifié" }).waitFor();
    await page.context().close();
  });

  it('sends a company user away from the applicant space to /forbidden', async () => {
    const page = await newPage();
    await signInAs(page, await companyEmail());
    await page.goto('/espace-admissible');
    await page.waitForURL((url) => url.pathname === '/forbidden');
    await page.getByRole('heading', { level: 1, name: 'Accès refusé' }).waitFor();
    await page.context().close();
  });

  it('brings a person back to the page they wanted once signed in', async () => {
    const page = await newPage();
    await page.goto('/espace-admissible/dossiers');
    await page.waitForURL((url) => url.pathname === '/unauthorized');
    const before = lastMailFile(applicant);
    await page.getByRole('textbox', { name: /Adresse e-mail/ }).fill(applicant);
    await page.getByRole('button', { name: 'Recevoir mon lien' }).click();
    const mail = await waitForMail(applicant, before);
    await openLink(page, mail.link ?? '');
    await page.waitForURL((url) => url.pathname === '/espace-admissible/dossiers');
    await page.context().close();
  });
});

describe('shell: language, theme, logout', () => {
  it('switches to English, follows it in <html lang> and keeps it after a reload', async () => {
    const page = await newPage();
    await page.goto('/');
    await page
      .getByRole('heading', { level: 1, name: "Votre alternance, de l'admission à la signature du contrat" })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    await openUserMenu(page, /Menu du compte/);
    expect(await page.getByRole('menu').getByText('Visiteur').isVisible()).toBe(true);
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Your work-study contract, from admission to signature' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expect.poll(() => page.title()).toBe('Home - Passerelle');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-US');

    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: 'Your work-study contract, from admission to signature' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.getByRole('button', { name: 'Send me my link' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('switches to the dark theme and keeps it after a reload', async () => {
    const page = await newPage({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(245, 247, 246)');
    await openUserMenu(page, /Menu du compte/);
    await page.getByRole('menuitemradio', { name: 'Sombre (expérimental)' }).click();
    await expect.poll(background).toBe('rgb(15, 21, 18)');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await background()).toBe('rgb(15, 21, 18)');
    await openUserMenu(page, /Menu du compte/);
    expect(await page.getByRole('menuitemradio', { name: 'Sombre (expérimental)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.context().close();
  });

  it('follows the system setting when no theme was chosen', async () => {
    const page = await newPage({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 21, 18)');
    await page.context().close();
  });

  it('logs out: back to a visitor, and the refresh cookie no longer works', async () => {
    const page = await newPage();
    await signInAs(page, applicant);
    await page.waitForURL((url) => url.pathname === '/espace-admissible');
    const refreshStatus = () =>
      page.evaluate(() =>
        fetch('/api/admissibles/refresh_token', { credentials: 'same-origin' }).then((res) => res.status),
      );
    expect(await refreshStatus()).toBe(200);

    await openUserMenu(page, /Menu du compte/);
    expect(await page.getByRole('menu').getByText(applicant).isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('heading', { level: 1, name: "Votre alternance, de l'admission à la signature du contrat" })
      .waitFor();
    expect(
      await page.evaluate(() => (JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string }).token ?? null),
    ).toBeNull();
    expect(await page.getByRole('banner').getByText('MARTIN Camille').count()).toBe(0);

    await openUserMenu(page, /Menu du compte/);
    expect(await page.getByRole('menu').getByText('Visiteur').isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Se déconnecter' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    expect(await refreshStatus()).toBe(401);
    await page.goto('/espace-admissible');
    await page.waitForURL((url) => url.pathname === '/unauthorized');
    await page.context().close();
  });
});
