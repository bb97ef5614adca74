import type { CfaContact } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { setMailContact } from '../mail/templates.ts';
import { defaultCfaContact } from '../../config.ts';
import { findOrCreateUserByEmail } from '../users/users.service.ts';

describe('GET /api/public/contact', async () => {
  const { app } = await createTestApp({
    CFA_CONTACT_EMAIL: 'alternance@ecole.example',
    CFA_CONTACT_PHONE: '01 99 00 00 00',
    CFA_CONTACT_HOURS: 'du lundi au jeudi, 10 h – 16 h',
    CFA_CONTACT_HOURS_EN: 'Monday to Thursday, 10 am – 4 pm',
  });

  it('tells anyone, signed in or not, how to reach the CFA, as configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CfaContact>()).toEqual({
      email: 'alternance@ecole.example',
      phone: '01 99 00 00 00',
      hours: { 'fr-FR': 'du lundi au jeudi, 10 h – 16 h', 'en-US': 'Monday to Thursday, 10 am – 4 pm' },
    });
    expect(app.routeTable.find((route) => route.url === '/api/public/contact')?.access).toBe('public');
  });

  it('closes the mails the app sends with the same contact, text and html', async () => {
    try {
      const address = 'contact-footer@example.test';
      await findOrCreateUserByEmail(app.db, {
        email: address,
        userType: 'admissible',
        prenom: 'Léa',
        nom: 'Testeur',
        lang: 'en-US',
      });
      const res = await app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email: address } });
      expect(res.statusCode).toBe(202);
      await app.afterResponseSettled();
      const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
      expect(row?.textBody).toContain(
        'Write to the CFA at alternance@ecole.example or call 01 99 00 00 00 (Monday to Thursday, 10 am – 4 pm).',
      );
      expect(row?.htmlBody).toContain('<a href="mailto:alternance@ecole.example"');
    } finally {
      setMailContact(defaultCfaContact);
    }
  });
});
