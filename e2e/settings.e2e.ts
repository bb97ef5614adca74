import type { CfaContact, CfaSettingsBody, CfaSettingsResponse } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import enSettings from '../apps/web/src/locales/en-US/staff-settings.json' with { type: 'json' };
import frSettings from '../apps/web/src/locales/fr-FR/staff-settings.json' with { type: 'json' };
import { sampleCfaIdentity } from '../apps/api/test/cfa-identity.ts';
import { apiCall, demo, shotBothWidths } from './sheets-support.ts';
import { escapeRegExp, expectAxeClean, newPage, signInAs } from './support.ts';

/**
 * Issue 28, "The CFA's identity": the demo admin opens the settings, where the demo's CFA says it is fictitious; a UAI
 * whose letter is wrong and a SIRET failing Luhn are refused under their fields; the real identity is saved and read
 * back, and the public contact follows. Staff cannot read the settings. axe on each state; pictures at 375 and 1280 px.
 */

const texts = { 'fr-FR': frSettings, 'en-US': enSettings } as const;
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

const identities: Record<'fr-FR' | 'en-US', CfaSettingsBody> = {
  'fr-FR': sampleCfaIdentity,
  'en-US': {
    denomination: 'CFA Léonard de Vinci',
    uai: '0750699C',
    siret: '35600000009075',
    street: '5 avenue Léonard de Vinci',
    postcode: '92400',
    city: 'Courbevoie',
    representativeName: 'Marc Lambert',
    representativeTitle: '',
    contactEmail: 'cfa@devinci.example',
    contactPhone: '+33 1 41 16 70 00',
    contactHoursFr: 'du lundi au jeudi, 10 h – 16 h',
    contactHoursEn: 'Monday to Thursday, 10 am – 4 pm',
  },
};

describe('the CFA’s identity in the settings', () => {
  for (const lang of ['fr-FR', 'en-US'] as const) {
    it(`the admin corrects a wrong UAI and SIRET, then saves the CFA’s identity (${lang})`, async () => {
      const t = texts[lang];
      const identity = identities[lang];
      const admin = await newPage({ width: 1280, height: 900, lang });
      await signInAs(admin, demo('admin'));
      const before = (await apiCall<CfaSettingsResponse>(admin, 'GET', '/staff/settings/cfa')).body;

      await admin.goto('/gestion/parametres');
      await admin.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await admin.getByRole('region', { name: t.sections.seal }).waitFor();
      if (before.source !== 'saved')
        await admin.getByText(t.demo.replace('{{name}}', before.values.denomination)).waitFor();
      await expectAxeClean(admin, 'settings');
      await shotBothWidths(admin, `settings-${lang}-form`);

      const field = (name: keyof typeof t.fields) => admin.getByLabel(label(t.fields[name]));
      await field('uai').fill('0750654E');
      await field('siret').fill('73282932000075');
      await field('contactEmail').fill('alternance@');
      await admin.getByRole('button', { name: t.save }).click();
      await expect.poll(() => field('uai').getAttribute('aria-invalid')).toBe('true');
      expect(await field('siret').getAttribute('aria-invalid')).toBe('true');
      expect(await field('contactEmail').getAttribute('aria-invalid')).toBe('true');
      await admin.getByText(lang === 'fr-FR' ? /^La lettre de ce numéro UAI/ : /^The letter of this UAI number/).waitFor();
      await expectAxeClean(admin, 'settings with errors');
      await shotBothWidths(admin, `settings-${lang}-errors`);

      for (const [name, value] of Object.entries(identity) as [keyof CfaSettingsBody, string][])
        await field(name).fill(value);
      await admin.getByRole('button', { name: t.save }).click();
      await admin.getByText(t.saved).waitFor();
      await expectAxeClean(admin, 'settings saved');
      await shotBothWidths(admin, `settings-${lang}-saved`);

      const after = (await apiCall<CfaSettingsResponse>(admin, 'GET', '/staff/settings/cfa')).body;
      expect(after).toMatchObject({ source: 'saved', values: identity, missingForContracts: [] });
      expect(after.updatedBy).not.toBeNull();
      // Read again after a reload: the form shows what the database holds.
      await admin.reload();
      expect(await field('denomination').inputValue()).toBe(identity.denomination);
      const contact = (await apiCall<CfaContact>(admin, 'GET', '/public/contact')).body;
      expect(contact).toEqual({
        email: identity.contactEmail,
        phone: identity.contactPhone,
        hours: { 'fr-FR': identity.contactHoursFr, 'en-US': identity.contactHoursEn },
      });

      // Staff handle the cases, not the settings.
      const staff = await newPage({ width: 375, height: 812, lang });
      await signInAs(staff, demo('sophie.roux'));
      expect((await apiCall(staff, 'GET', '/staff/settings/cfa')).status).toBe(403);

      // The journeys after this one keep the contact they started with: saved back, with the identity just set.
      const { contactEmail, contactPhone, contactHoursFr, contactHoursEn } = before.values;
      const restored = { ...identity, contactEmail, contactPhone, contactHoursFr, contactHoursEn };
      expect((await apiCall(admin, 'PUT', '/staff/settings/cfa', restored)).status).toBe(200);
      await admin.close();
      await staff.close();
    });
  }
});
