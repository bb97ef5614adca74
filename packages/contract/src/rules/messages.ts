import { fillTemplate, validationTexts } from './validation-texts.ts';

/**
 * Texts of every rule code, with `{param}` placeholders filled from `RuleIssue.params`. The
 * codes are stable keys: the API sends them, the web app shows these texts. The checks every form makes (required,
 * too long, e-mail…) come from validation-texts.ts.
 */
export const ruleMessages = {
  'fr-FR': {
    ...validationTexts['fr-FR'],
    'date.invalid': "La date n'est pas valide.",
    'nir.length': 'Le numéro de sécurité sociale doit comporter {length} caractères, clé comprise.',
    'nir.format':
      'Le numéro de sécurité sociale ne contient que des chiffres, sauf 2A ou 2B pour un département corse.',
    'nir.first_digit': 'Le numéro de sécurité sociale doit commencer par 1 ou 2.',
    'nir.key': 'La clé du numéro de sécurité sociale ne correspond pas au numéro.',
    'nir.temporary':
      'Ce numéro de sécurité sociale est provisoire : pensez à le remplacer par le numéro définitif dès réception.',
    'nir.month_invalid': "Le mois de naissance du numéro de sécurité sociale n'est pas valide.",
    'nir.sex_mismatch': 'Le premier chiffre du numéro de sécurité sociale ne correspond pas au sexe indiqué.',
    'nir.year_mismatch': "L'année de naissance du numéro de sécurité sociale ne correspond pas à la date de naissance.",
    'nir.month_mismatch':
      'Le mois de naissance du numéro de sécurité sociale ne correspond pas à la date de naissance.',
    'nir.month_unknown':
      'Le numéro de sécurité sociale indique un mois de naissance inconnu : vérifiez la date de naissance.',
    'nir.department_mismatch':
      'Le département du numéro de sécurité sociale ne correspond pas au département de naissance.',
    'nir.missing': 'Le numéro de sécurité sociale manque : il sera obligatoire pour signer le contrat.',
    'nir.required': 'Le numéro de sécurité sociale est obligatoire pour signer le contrat.',
    'siret.format': 'Le SIRET doit comporter 14 chiffres.',
    'siret.checksum': "Ce SIRET n'est pas valide : vérifiez les chiffres saisis.",
    'siret.inactive': 'Cet établissement est fermé selon le répertoire Sirene : vérifiez le SIRET saisi.',
    'siret.not_found':
      "Ce SIRET n'a pas été trouvé dans le répertoire des entreprises : vérifiez-le ou saisissez les informations.",
    'deca.format':
      'Le numéro du contrat précédent (DECA) comporte 15 caractères : département sur 3 caractères, année, mois, NC ou 2 chiffres, puis 4 chiffres.',
    'deca.missing': 'Le numéro du contrat précédent (DECA) manque : il sera obligatoire pour signer cet avenant.',
    'deca.required': 'Le numéro du contrat précédent (DECA) est obligatoire pour signer cet avenant.',
    'france_travail.format': "L'identifiant France Travail comporte 8 caractères : 7 chiffres puis une lettre.",
    'idcc.format':
      'Le code IDCC comporte 4 chiffres (9999 : aucune convention, 9998 : convention en cours de négociation).',
    'idcc.change_blocked': 'Le code IDCC ne peut plus être modifié ici : contactez le service relations entreprises.',
    'classification.length': 'Ce champ comporte au plus {max} caractères.',
    'working_time.hours_invalid': "Le nombre d'heures hebdomadaires doit être un nombre entier positif.",
    'working_time.minutes_invalid': 'Les minutes doivent être comprises entre 0 et 59.',
    'working_time.over_limit': 'La durée hebdomadaire de travail ne peut pas dépasser {max} heures.',
    'working_time.zero': 'La durée hebdomadaire de travail ne peut pas être nulle.',
    'contract.end_before_start': 'La date de fin du contrat doit être postérieure à sa date de début.',
    'contract.start_before_training_window':
      'Le contrat ne peut pas commencer plus de {months} mois avant le début de la formation (au plus tôt le {date}).',
    'contract.start_after_training_window':
      'Le contrat ne peut pas commencer plus de {months} mois après le début de la formation (au plus tard le {date}).',
    'contract.end_before_training_end': 'Le contrat ne peut pas se terminer avant la fin de la formation ({date}).',
    'contract.end_after_training_window':
      'Le contrat peut se terminer au plus tard {months} mois après la fin de la formation, soit le {date}.',
    'contract.pro_start_too_early': 'Pour cette formation, le contrat doit commencer après le {date}.',
    'contract.pro_end_too_late': 'Pour cette formation, le contrat doit se terminer avant le {date}.',
    'contract.shorter_than_threshold':
      'Ce contrat dure moins de {months} mois : sa prise en charge par l’OPCO sera calculée au prorata.',
    'contract.longer_than_36_months':
      "Ce contrat dure plus de {months} mois, ce qui n'est possible que pour une personne reconnue travailleur handicapé (RQTH) ou sportif de haut niveau.",
    'contract.advise_12_months':
      'Un contrat de {months} mois est conseillé pour une prise en charge complète par l’OPCO.',
    'age.under_15': "L'apprenti doit avoir au moins {min} ans à la date de début du contrat.",
    'age.pro_under_16':
      'Le bénéficiaire d’un contrat de professionnalisation doit avoir au moins {min} ans à la date de début du contrat.',
    'age.under_16_needs_derogation':
      "Avant {min} ans, le contrat d'apprentissage demande une dérogation (type 11 ou 50).",
    'age.over_29_needs_exception':
      "Au-delà de {max} ans révolus, le contrat d'apprentissage n'est possible qu'avec une exception : RQTH, sportif de haut niveau, projet de création ou de reprise d'entreprise, ou dérogation (type 12 ou 50).",
    'age.over_35_with_derogation':
      "Avec une dérogation d'âge, l'apprenti peut avoir au plus {max} ans révolus au début du contrat.",
    'derogation.under_16_not_applicable':
      "La dérogation 11 ne s'applique qu'à un apprenti de moins de 16 ans (âge au début du contrat : {age} ans).",
    'derogation.over_29_not_applicable':
      "La dérogation 12 ne s'applique qu'à un apprenti de plus de 29 ans (âge au début du contrat : {age} ans).",
    'salary.no_smic':
      "Aucune valeur du SMIC n'est enregistrée pour le {date} : le salaire minimum ne peut pas être calculé.",
    'salary.below_minimum':
      'Le salaire brut mensuel ne peut pas être inférieur au minimum légal : {minimum} € ({taux} % du {base}).',
    'salary.rate_below_minimum':
      'Le taux de la période {period} ne peut pas être inférieur au minimum légal de {min} %.',
    'salary.amount_below_minimum':
      'Le montant de la période {period} ne peut pas être inférieur au minimum légal de {minimum} € brut par mois.',
    'salary.pay_required': 'Indiquez le taux ou le montant de la période {period}.',
    'smic.duplicate_date': 'Deux valeurs du SMIC ont la même date de prise d’effet.',
    'opco.no_subrogation_health': "La subrogation n'est pas possible avec l'OPCO Santé.",
    'opco.filing_requires_school_cerfa':
      "L'école ne peut déposer le dossier auprès de l'OPCO que si elle prépare le CERFA.",
    'contact.not_company_account':
      "Cette adresse e-mail appartient à un compte qui n'est pas un compte employeur : indiquez l'adresse d'un autre contact de l'entreprise.",
    'contact.invitations_per_day':
      "Vous avez atteint le nombre d'entreprises que vous pouvez inviter aujourd'hui : votre fiche est enregistrée, envoyez-la demain.",
    'contact.invitations_total':
      "Vous avez atteint le nombre d'entreprises que votre compte peut inviter : votre fiche est enregistrée, contactez le CFA pour l'envoyer.",
    'departement.format':
      "Le département n'est pas valide : 2 chiffres, 2A ou 2B pour la Corse, 3 chiffres pour l'outre-mer, 99 pour une naissance à l'étranger.",
    'naf.format': 'Le code NAF (APE) comporte 4 chiffres suivis d’une lettre, par exemple 62.01Z.',
    'lookup.query_too_short': 'Saisissez au moins 3 caractères pour lancer la recherche.',
    'contract.conclusion_after_start':
      'La date de conclusion (le jour des signatures) doit être au plus tard le premier jour du contrat, le {date}.',
    'contract.conclusion_after_training_end':
      'La date de conclusion ne peut pas être postérieure à la fin de la formation, le {date}.',
    'contract.conclusion_after_training_start':
      "La formation a commencé le {date}, avant la date de conclusion : c'est possible si l'apprenti la suit déjà au CFA sous statut de stagiaire de la formation professionnelle. Sinon, vérifiez la date de conclusion.",
    'contract.end_in_past':
      'La date de fin du contrat, le {date}, est déjà passée : un contrat terminé ne peut plus être préparé ni déposé.',
    'contract.training_share_low':
      'La formation au CFA ({hours} h) fait moins de 25 % du temps de travail du contrat ({working} h, comptées sur 1 607 h par an) : la loi en demande au moins {minimum} h. Vérifiez les dates du contrat avec le CFA.',
    'contract.type_apprenticeship_only':
      "Cette formation se suit en contrat d'apprentissage seulement : choisissez ce type de contrat.",
    'contract.type_professionalisation_only':
      'Cette formation se suit en contrat de professionnalisation seulement : choisissez ce type de contrat.',
    'maitre.under_18': "Le maître d'apprentissage doit avoir au moins {min} ans le premier jour du contrat.",
    'nationality.work_authorisation':
      "Apprenti de nationalité hors Union européenne : le titre de séjour et l'autorisation de travail se demandent sur le site « Étrangers en France » du ministère de l'Intérieur. Ils ne sont pas à joindre au CERFA.",
    'nationality.majority_during_contract':
      "L'apprenti aura 18 ans le {date}, pendant le contrat : s'il est pris en charge par l'aide sociale à l'enfance, son droit au séjour et au travail court jusqu'à sa majorité. Pensez à demander son titre de séjour avant cette date.",
    'idcc.unknown':
      "Le code IDCC {idcc} ne correspond à aucune convention collective : vérifiez-le sur la fiche de l'entreprise, ou choisissez 9999 s'il n'y en a pas.",
    'idcc.not_in_force':
      "La convention collective {idcc} n'est plus applicable (abrogée, dénoncée ou remplacée) : indiquez celle qui la remplace.",
    'opco.idcc_mismatch':
      "La convention collective {idcc} relève de l'OPCO {opco} : c'est cet OPCO qui figure au contrat. Si ce n'est pas le bon, corrigez le code IDCC.",
    'naf.unknown':
      "Le code NAF {code} n'existe pas dans la nomenclature de l'INSEE : vérifiez-le sur l'avis de situation Sirene de l'entreprise.",
    'employer.public_celia':
      "Les employeurs publics concluent leurs contrats d'apprentissage sur CELIA, la plateforme de l'État pour le secteur public (celia.emploi.gouv.fr) : ce portail ne peut pas préparer ce contrat. Contactez le CFA.",
    'siret.public_employer':
      "Cet établissement relève du secteur public : ses contrats d'apprentissage se concluent sur CELIA (celia.emploi.gouv.fr), pas sur ce portail. Contactez le CFA.",
    'formation.training_too_short':
      'La formation dure moins de {months} mois : corrigez ses dates dans la fiche de la formation.',
    'formation.training_too_long':
      'La formation dure plus de {months} mois (4 ans) : corrigez ses dates dans la fiche de la formation.',
    'formation.too_many_hours':
      'La formation compte plus de {max} heures, plus que le CERFA ne peut en porter : corrigez ses heures dans la fiche de la formation.',
    'formation.rncp_inactive':
      "L'enregistrement de la certification {rncp} au RNCP a pris fin le {date}, avant le début du contrat : vérifiez son numéro sur le site de France compétences et corrigez la fiche de la formation.",
  },
  'en-US': {
    ...validationTexts['en-US'],
    'date.invalid': 'This date is not valid.',
    'nir.length': 'The social security number must have {length} characters, key included.',
    'nir.format': 'The social security number holds digits only, except 2A or 2B for a Corsican département.',
    'nir.first_digit': 'The social security number must start with 1 or 2.',
    'nir.key': 'The key of the social security number does not match the number.',
    'nir.temporary':
      'This social security number is temporary: replace it with the permanent number as soon as it arrives.',
    'nir.month_invalid': 'The birth month in the social security number is not valid.',
    'nir.sex_mismatch': 'The first digit of the social security number does not match the sex given.',
    'nir.year_mismatch': 'The birth year in the social security number does not match the birth date.',
    'nir.month_mismatch': 'The birth month in the social security number does not match the birth date.',
    'nir.month_unknown': 'The social security number gives an unknown birth month: check the birth date.',
    'nir.department_mismatch': 'The département in the social security number does not match the département of birth.',
    'nir.missing': 'The social security number is missing: it will be required to sign the contract.',
    'nir.required': 'The social security number is required to sign the contract.',
    'siret.format': 'The SIRET must have 14 digits.',
    'siret.checksum': 'This SIRET is not valid: check the digits.',
    'siret.inactive': 'This establishment is closed according to the Sirene register: check the SIRET.',
    'siret.not_found': 'This SIRET was not found in the company register: check it or enter the details by hand.',
    'deca.format':
      'The previous contract number (DECA) has 15 characters: a 3-character département, year, month, NC or 2 digits, then 4 digits.',
    'deca.missing': 'The previous contract number (DECA) is missing: it will be required to sign this amendment.',
    'deca.required': 'The previous contract number (DECA) is required to sign this amendment.',
    'france_travail.format': 'The France Travail number has 8 characters: 7 digits then a letter.',
    'idcc.format': 'The IDCC code has 4 digits (9999: no collective agreement, 9998: agreement under negotiation).',
    'idcc.change_blocked': 'The IDCC code can no longer be changed here: contact the company-relations service.',
    'classification.length': 'This field has at most {max} characters.',
    'working_time.hours_invalid': 'Weekly hours must be a whole positive number.',
    'working_time.minutes_invalid': 'Minutes must be between 0 and 59.',
    'working_time.over_limit': 'Weekly working time cannot exceed {max} hours.',
    'working_time.zero': 'Weekly working time cannot be zero.',
    'contract.end_before_start': 'The contract end date must be after its start date.',
    'contract.start_before_training_window':
      'The contract cannot start more than {months} months before the training starts (on {date} at the earliest).',
    'contract.start_after_training_window':
      'The contract cannot start more than {months} months after the training starts (on {date} at the latest).',
    'contract.end_before_training_end': 'The contract cannot end before the training ends ({date}).',
    'contract.end_after_training_window':
      'The contract may end at most {months} months after the training ends, on {date}.',
    'contract.pro_start_too_early': 'For this programme, the contract must start after {date}.',
    'contract.pro_end_too_late': 'For this programme, the contract must end before {date}.',
    'contract.shorter_than_threshold': 'This contract lasts less than {months} months: OPCO funding will be prorated.',
    'contract.longer_than_36_months':
      'This contract lasts more than {months} months, which is only possible for a recognised disabled worker (RQTH) or a high-level athlete.',
    'contract.advise_12_months': 'A {months}-month contract is advised for full OPCO funding.',
    'age.under_15': 'The apprentice must be at least {min} years old on the contract start date.',
    'age.pro_under_16':
      'A professionalisation contract holder must be at least {min} years old on the contract start date.',
    'age.under_16_needs_derogation': 'Under {min}, an apprenticeship contract needs a derogation (type 11 or 50).',
    'age.over_29_needs_exception':
      'Past the age of {max}, an apprenticeship contract needs an exception: RQTH, high-level athlete, business creation or takeover project, or a derogation (type 12 or 50).',
    'age.over_35_with_derogation': 'With an age derogation, the apprentice may be at most {max} at the contract start.',
    'derogation.under_16_not_applicable':
      'Derogation 11 only applies to an apprentice under 16 (age at the contract start: {age}).',
    'derogation.over_29_not_applicable':
      'Derogation 12 only applies to an apprentice over 29 (age at the contract start: {age}).',
    'salary.no_smic': 'No minimum wage (SMIC) value is recorded for {date}: the minimum salary cannot be computed.',
    'salary.below_minimum':
      'The gross monthly salary cannot be below the legal minimum: €{minimum} ({taux}% of the {base}).',
    'salary.rate_below_minimum': 'The rate of period {period} cannot be below the legal minimum of {min}%.',
    'salary.amount_below_minimum':
      'The amount of period {period} cannot be below the legal minimum of €{minimum} gross a month.',
    'salary.pay_required': 'Give the rate or the amount of period {period}.',
    'smic.duplicate_date': 'Two minimum wage (SMIC) values have the same start date.',
    'opco.no_subrogation_health': 'Subrogation is not possible with OPCO Santé.',
    'opco.filing_requires_school_cerfa': 'The school can file with the OPCO only if it prepares the CERFA.',
    'contact.not_company_account':
      'This e-mail address belongs to an account that is not an employer account: give the address of another company contact.',
    'contact.invitations_per_day':
      'You have reached the number of companies you may invite today: your sheet is saved, send it tomorrow.',
    'contact.invitations_total':
      'You have reached the number of companies your account may invite: your sheet is saved, contact the CFA to send it.',
    'departement.format':
      'This département is not valid: 2 digits, 2A or 2B for Corsica, 3 digits for overseas, 99 for a birth abroad.',
    'naf.format': 'The NAF (APE) code has 4 digits followed by a letter, for example 62.01Z.',
    'lookup.query_too_short': 'Type at least 3 characters to search.',
    'contract.conclusion_after_start':
      "The conclusion date (the day of the signatures) must be on or before the contract's first day, {date}.",
    'contract.conclusion_after_training_end': 'The conclusion date cannot be after the training ends, on {date}.',
    'contract.conclusion_after_training_start':
      'The training started on {date}, before the conclusion date: this is possible when the apprentice already follows it at the CFA as a vocational trainee. Otherwise, check the conclusion date.',
    'contract.end_in_past':
      "The contract's end date, {date}, has already passed: a finished contract can no longer be prepared or filed.",
    'contract.training_share_low':
      "The training at the CFA ({hours} h) is under 25% of the contract's working time ({working} h, counted on 1,607 h a year): the law asks for at least {minimum} h. Check the contract dates with the CFA.",
    'contract.type_apprenticeship_only':
      'This programme is followed under an apprenticeship contract only: choose that contract type.',
    'contract.type_professionalisation_only':
      'This programme is followed under a professionalisation contract only: choose that contract type.',
    'maitre.under_18': "The apprenticeship master must be at least {min} years old on the contract's first day.",
    'nationality.work_authorisation':
      "Apprentice from outside the European Union: the residence permit and the work authorisation are applied for on the Interior ministry's “Étrangers en France” site. They are not attached to the CERFA.",
    'nationality.majority_during_contract':
      'The apprentice turns 18 on {date}, during the contract: in the care of child welfare services (ASE), the right to stay and work runs until coming of age. Remember to apply for the residence permit before that date.',
    'idcc.unknown':
      "IDCC code {idcc} matches no collective agreement: check it on the company's record, or choose 9999 when there is none.",
    'idcc.not_in_force':
      'Collective agreement {idcc} no longer applies (repealed, terminated or replaced): give the one that replaces it.',
    'opco.idcc_mismatch':
      'Collective agreement {idcc} belongs to the OPCO {opco}: this OPCO goes on the contract. If it is not the right one, correct the IDCC code.',
    'naf.unknown':
      "NAF code {code} does not exist in INSEE's nomenclature: check it on the company's Sirene registration notice.",
    'employer.public_celia':
      "Public employers conclude their apprenticeship contracts on CELIA, the State's platform for the public sector (celia.emploi.gouv.fr): this portal cannot prepare this contract. Contact the CFA.",
    'siret.public_employer':
      'This establishment belongs to the public sector: its apprenticeship contracts are concluded on CELIA (celia.emploi.gouv.fr), not on this portal. Contact the CFA.',
    'formation.training_too_short':
      "The training lasts less than {months} months: correct its dates in the programme's record.",
    'formation.training_too_long':
      "The training lasts more than {months} months (4 years): correct its dates in the programme's record.",
    'formation.too_many_hours':
      "The training has more than {max} hours, more than the CERFA can hold: correct its hours in the programme's record.",
    'formation.rncp_inactive':
      "The RNCP registration of certification {rncp} ended on {date}, before the contract starts: check its number on France compétences' site and correct the programme's record.",
  },
} as const satisfies Record<'fr-FR' | 'en-US', Record<string, string>>;

export type RuleCode = keyof (typeof ruleMessages)['fr-FR'];
export type RuleMessageLanguage = keyof typeof ruleMessages;

export const ruleCodes = Object.keys(ruleMessages['fr-FR']) as RuleCode[];

export function isRuleCode(value: string): value is RuleCode {
  return Object.hasOwn(ruleMessages['fr-FR'], value);
}

/** The text of a code in a language, `{param}` replaced; an unknown code comes back as is. */
export function formatRuleMessage(
  code: string,
  language: RuleMessageLanguage,
  params: Record<string, string | number> = {},
): string {
  if (!isRuleCode(code)) return code;
  const template: string = ruleMessages[language][code];
  // ISO dates show as dd/mm/yyyy (SPEC 9) and numbers in the language's format.
  return fillTemplate(template, language, params);
}
