import type { SummaryPart } from './sheet-summary';
import type { FieldSpec } from './spec-values';
import { address, employeurExecutionSiret, employeurIdentity, employeurStatus, maitre, person } from './specs';

/** What the API gives the company of the applicant at first contact (data minimisation): the rest waits for the information sheet. */
export const applicantSpecs: FieldSpec[] = [
  { path: 'apprenti.nom', label: 'nom' },
  { path: 'apprenti.prenom', label: 'prenom' },
  { path: 'apprenti.dateNaissance', label: 'dateNaissance', type: 'date' },
  { path: 'apprenti.courriel', label: 'courriel' },
  { path: 'apprenti.telephone', label: 'telephone' },
  { path: 'contrat.numeroContratPrecedent', label: 'numeroContratPrecedent' },
];

export const contractSpecs: FieldSpec[] = [
  { path: 'contrat.typeContrat', label: 'typeContrat', type: 'select', options: 'typesContrat' },
  { path: 'contrat.intitulePoste', label: 'intitulePoste', maxLength: 200 },
  { path: 'contrat.dateDebutContrat', label: 'dateDebutContrat', type: 'date' },
  { path: 'contrat.dateFinContrat', label: 'dateFinContrat', type: 'date' },
  { path: 'contrat.dureeTravailHebdoHeures', label: 'dureeTravailHebdoHeures', type: 'number' },
  { path: 'contrat.dureeTravailHebdoMinutes', label: 'dureeTravailHebdoMinutes', type: 'number' },
  { path: 'contrat.salaireBrutMensuel', label: 'salaireBrutMensuel', type: 'number', hint: 'salary' },
];

export const signataireSpecs: FieldSpec[] = [...person('contacts.signataire'), { path: 'contacts.signataire.fonction', label: 'fonction', maxLength: 100 }];

/** The sent sheet read back in the form's sections, the apprentice's details first. */
export const f1ceSummary: SummaryPart[] = [
  {
    sections: [
      { title: 'applicant', specs: applicantSpecs },
      { title: 'company', specs: [{ path: 'employeur.siret', label: 'siret' }, ...employeurIdentity(false), ...address('employeur.adresse')] },
      { title: 'employerStatus', specs: employeurStatus },
      { title: 'executionPlace', specs: [employeurExecutionSiret, ...address('employeur.adresseExecution')] },
      { title: 'contract', specs: contractSpecs },
      { title: 'master', specs: maitre('maitre1') },
      { title: 'signatory', specs: signataireSpecs },
      { title: 'manager', specs: person('contacts.gestionnaire') },
    ],
  },
];
