import { createElement } from 'react';
import { AgreedPayValues } from './agreed-pay-values';
import type { SummaryPart } from './sheet-summary';
import * as specs from './specs';
import { valueAt } from './value-at';

/** The steps of the information sheet (issue 4), the last one being the recap and send. */
export const informationSteps = ['applicant', 'company', 'opco', 'contract', 'contacts', 'billing', 'send'] as const;
export type InformationStep = (typeof informationSteps)[number];

const hasAgreedPay = (source: Record<string, unknown>) => {
  const periods = valueAt(source, 'contrat.remunerationsAnnuelles');
  return Array.isArray(periods) && periods.length > 0 && valueAt(source, 'contrat.typeContrat') !== 'PRO';
};

/**
 * The information sheet read back once sent (or while it is not open to this person): each step of the form with its
 * sections, both parties' blocks, each party's own consent on its own sheet only.
 */
export function informationSummary(kind: 'fra' | 'fre', source: Record<string, unknown>, title: (step: InformationStep, index: number) => string): SummaryPart[] {
  const contractKind = valueAt(source, 'contrat.typeContrat') === 'PRO' ? 'contractPro' : 'contractApp';
  const parts: Record<Exclude<InformationStep, 'send'>, SummaryPart['sections']> = {
    applicant: [
      { title: 'identity', specs: specs.apprentiIdentity, person: 'apprentice' },
      { title: 'address', specs: specs.apprentiAddress, person: 'apprentice' },
      { title: 'background', specs: specs.apprentiBackground },
      { title: 'situation', specs: [...specs.apprentiFlags, ...specs.apprentiFranceTravail] },
      { title: 'legalRepresentative', specs: specs.representantLegal },
      ...(kind === 'fra' ? [{ title: 'consent', specs: specs.consentementRgpd }] : []),
    ],
    company: [
      { title: 'company', specs: specs.employeurReadOnly },
      ...(valueAt(source, 'employeur.adresseContratDifferente') === true ? [{ title: 'contractAddress', specs: specs.address('employeur.adresseContrat') }] : []),
      { title: 'executionPlace', specs: [specs.employeurExecutionSiret, ...specs.address('employeur.adresseExecution')] },
    ],
    opco: [
      { title: 'opco', specs: specs.opco },
      { title: 'responsibilities', specs: specs.responsabilites },
    ],
    contract: [
      { title: 'contract', specs: specs.contratMain },
      { title: contractKind, specs: contractKind === 'contractPro' ? specs.contratPro : specs.contratApp },
      {
        title: 'salary',
        specs: specs.contratSalary,
        // Issue 28: the pay agreed for each period, under the salary at hiring.
        ...(hasAgreedPay(source) ? { extra: createElement(AgreedPayValues, { source }) } : {}),
      },
    ],
    contacts: [
      { title: 'master', specs: specs.maitre('maitre1') },
      ...(valueAt(source, 'contrat.deuxiemeMaitre') === true ? [{ title: 'master2', specs: specs.maitre('maitre2') }] : []),
      { title: 'contacts', groups: specs.contacts },
    ],
    billing: [
      { title: 'billing', specs: specs.facturation },
      ...(kind === 'fre' ? [{ title: 'eligibility', specs: specs.attestationEligibilite }] : []),
    ],
  };
  return informationSteps.flatMap((step, index) => (step === 'send' ? [] : [{ title: title(step, index), sections: parts[step] }]));
}
