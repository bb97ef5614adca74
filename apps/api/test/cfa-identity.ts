import type { CfaSettingsBody } from '@passerelle/contract';

/**
 * A real-looking CFA's identity for the settings (issue 28), shared by the API tests and the browser journey: the UAI
 * of lycée Louis-le-Grand (its letter D is right: 0750654 mod 23 = 3) and a SIRET passing Luhn.
 */
export const sampleCfaIdentity: CfaSettingsBody = {
  denomination: 'CFA des Métiers du Numérique',
  uai: '0750654D',
  siret: '73282932000074',
  street: '12 rue des Écoles',
  postcode: '75005',
  city: 'Paris',
  representativeName: 'Claire Dubois',
  representativeTitle: 'Directrice du CFA',
  contactEmail: 'alternance@cfa-numerique.example',
  contactPhone: '01 44 00 00 00',
  contactHoursFr: 'du lundi au vendredi, 9 h – 12 h',
  contactHoursEn: 'Monday to Friday, 9 am – noon',
};
