import type { SummaryPart } from './sheet-summary';
import { address, apprentiAddress, apprentiBackground, apprentiFranceTravail, apprentiIdentity, apprentiPreviousContract, apprentiRecognitions, person } from './specs';

/*
 * Each sheet read back in the sections of its form: the sheet's own page once it is sent, and the back office's case
 * page (which shows every sheet as its author sent it) use the same descriptions.
 */

/** The sent sheet read back, in the form's sections; the two people asked a name and an e-mail say whose they are. */
export const f1caSummary: SummaryPart[] = [
  {
    sections: [
      { title: 'identity', specs: apprentiIdentity, person: 'apprentice' },
      {
        title: 'employer',
        specs: [
          { path: 'employeur.siret', label: 'siret' },
          { path: 'employeur.denomination', label: 'denomination' },
          ...address('employeur.adresse'),
        ],
      },
      {
        title: 'contact',
        specs: [...person('contacts.contactEntreprise'), { path: 'contacts.contactEntreprise.fonction', label: 'fonction' }],
        person: 'companyContact',
      },
      {
        title: 'position',
        specs: [
          { path: 'contrat.typeContrat', label: 'typeContrat', type: 'select', options: 'typesContrat' },
          { path: 'contrat.dateDebutContrat', label: 'dateDebutContrat', type: 'date' },
          { path: 'contrat.intitulePoste', label: 'intitulePoste' },
        ],
      },
      { title: 'address', specs: apprentiAddress, person: 'apprentice' },
      { title: 'background', specs: apprentiBackground },
      { title: 'recognitions', specs: apprentiRecognitions },
      { title: 'franceTravail', specs: apprentiFranceTravail },
      { title: 'previousContract', specs: apprentiPreviousContract },
    ],
  },
];
