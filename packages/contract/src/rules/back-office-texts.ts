import { addValidationTexts } from './validation-texts.ts';

/**
 * The back office's validation texts (case actions, formations and schools, staff accounts), in words a person reads.
 * Kept apart from `validation-texts.ts` so that the applicant's and the employer's forms do not load them: importing this
 * module (the back-office screens and the API do) registers them with `formatValidationText`.
 */
export const backOfficeValidationTexts = {
  'fr-FR': {
    'staff.dates_reversed': 'Choisissez une date de fin égale ou postérieure à la date de début.',
    'smic.mayotte_both': 'Saisissez les deux montants de Mayotte, mensuel et horaire, ou aucun des deux.',
    'smic.source_required': 'Indiquez le texte qui fixe cette valeur (décret ou arrêté et sa date de publication), en 3 à 300 caractères.',
    'staff.deca_format':
      'Saisissez le numéro DECA tel que l’OPCO l’a donné : chiffres, lettres et tirets seulement, par exemple 075202409NC0012.',
    'formations.end_before_start': 'Choisissez une date de fin de formation postérieure à la date de début.',
    'formations.training_too_short':
      'Une formation en apprentissage dure au moins 6 mois : choisissez une date de fin plus tardive.',
    'formations.training_too_long':
      'Une formation en apprentissage dure au plus 48 mois (4 ans) : choisissez une date de fin plus proche.',
    'formations.contract_types_required': 'Cochez au moins un type de contrat proposé.',
    'formations.pro_bound_required':
      'Les contrats de professionnalisation sont proposés : indiquez cette date, qui borne leurs dates de début et de fin.',
    'formations.pro_bounds_reversed': 'Choisissez une date postérieure à « Début des contrats pro après le ».',
    'formations.code_taken': 'Ce code est déjà celui d’une autre formation : chaque formation a son propre code.',
    'formations.school_unknown': 'Cette école n’existe pas : choisissez-en une dans la liste.',
    'formations.remote_hours_above_hours':
      'Les heures à distance font partie de la durée de la formation : saisissez au plus la durée indiquée.',
    'formations.remote_hours_need_hours':
      'Indiquez d’abord la durée de la formation : les heures à distance en sont une partie.',
    'schools.code_taken': 'Ce code est déjà celui d’une autre école : chaque école a son propre code.',
    'accounts.email_not_staff':
      'Cette adresse est celle d’un candidat ou d’une entreprise : invitez la personne avec son adresse professionnelle du CFA.',
    'accounts.deactivated': 'Ce compte est désactivé : réactivez-le dans la liste avant de l’inviter de nouveau.',
    'accounts.last_admin': 'C’est le dernier administrateur actif : nommez d’abord un autre administrateur.',
    'content.https_required': 'Saisissez une adresse web sécurisée complète, qui commence par https://.',
    'content.logo_required': 'Ajoutez le logo du partenaire : une image PNG ou JPEG.',
    'content.logo_unknown': 'Ce logo n’a pas été envoyé ici : choisissez de nouveau l’image du logo.',
    'content.order_mismatch': 'La liste a changé entre-temps : rechargez la page puis refaites le classement.',
    'content.image_only': 'Choisissez une image PNG ou JPEG pour le logo.',
    'accounts.self':
      'Vous ne pouvez ni désactiver votre propre compte ni retirer vos droits d’administrateur : demandez-le à un autre administrateur.',
    'offers.link_not_https': 'Saisissez une adresse web complète et sécurisée, commençant par https://, par exemple https://entreprise.fr/offre.',
    'offers.link_not_email': 'Saisissez une adresse e-mail valide, par exemple recrutement@entreprise.fr.',
    'workshops.end_before_start': 'Choisissez une heure de fin postérieure à l’heure de début.',
    'workshops.window_reversed': 'Choisissez une fermeture des inscriptions postérieure à leur ouverture.',
    'cfa.uai_format': 'Le numéro UAI comporte 7 chiffres suivis d’une lettre, par exemple 0750654D.',
    'cfa.uai_check_letter':
      'La lettre de ce numéro UAI ne correspond pas à ses 7 chiffres : vérifiez-le sur la fiche de l’établissement (annuaire de l’éducation nationale).',
    'cfa.siret_format': 'Le SIRET comporte 14 chiffres.',
    'cfa.siret_checksum': 'Ce SIRET n’est pas valide : vérifiez les 14 chiffres saisis (avis de situation Sirene).',
    'cfa.contact_default':
      'Ce sont les coordonnées de démonstration de Passerelle : saisissez l’adresse e-mail et le téléphone du CFA.',
    'workshops.quota_below_registered':
      '{count} candidats sont déjà inscrits : le nombre de places ne peut pas descendre en dessous.',
  },
  'en-US': {
    'staff.dates_reversed': 'Choose an end date on or after the start date.',
    'smic.mayotte_both': 'Enter both Mayotte amounts, monthly and hourly, or neither.',
    'smic.source_required': 'Give the text that sets this value (décret or arrêté and its publication date), in 3 to 300 characters.',
    'staff.deca_format':
      'Enter the DECA number as the OPCO gave it: digits, letters and hyphens only, for example 075202409NC0012.',
    'formations.end_before_start': 'Choose a training end date after the start date.',
    'formations.training_too_short': 'An apprenticeship programme lasts at least 6 months: choose a later end date.',
    'formations.training_too_long':
      'An apprenticeship programme lasts at most 48 months (4 years): choose an earlier end date.',
    'formations.contract_types_required': 'Tick at least one contract type offered.',
    'formations.pro_bound_required':
      'Professionalisation contracts are offered: enter this date, which bounds their start and end dates.',
    'formations.pro_bounds_reversed': 'Choose a date after “Pro contracts start after”.',
    'formations.code_taken': 'This code is already another formation’s: each formation has its own code.',
    'formations.school_unknown': 'This school does not exist: choose one from the list.',
    'formations.remote_hours_above_hours':
      'Remote hours are part of the training’s hours: enter at most the training’s length.',
    'formations.remote_hours_need_hours': 'Enter the training’s length first: the remote hours are part of it.',
    'schools.code_taken': 'This code is already another school’s: each school has its own code.',
    'accounts.email_not_staff':
      'This address belongs to an applicant or a company: invite the person with their CFA work address.',
    'accounts.deactivated': 'This account is deactivated: reactivate it in the list before inviting it again.',
    'accounts.last_admin': 'This is the last active admin: make someone else an admin first.',
    'content.https_required': 'Enter a full secure web address, starting with https://.',
    'content.logo_required': 'Add the partner’s logo: a PNG or JPEG image.',
    'content.logo_unknown': 'This logo was not uploaded here: choose the logo image again.',
    'content.order_mismatch': 'The list changed in the meantime: reload the page, then order it again.',
    'content.image_only': 'Choose a PNG or JPEG image for the logo.',
    'accounts.self': 'You can neither deactivate your own account nor remove your own admin rights: ask another admin.',
    'offers.link_not_https': 'Enter a full secure web address starting with https://, for example https://company.com/job.',
    'offers.link_not_email': 'Enter a valid e-mail address, for example jobs@company.com.',
    'workshops.end_before_start': 'Choose an end time after the start time.',
    'workshops.window_reversed': 'Choose a registration closing time after the opening time.',
    'cfa.uai_format': 'The UAI number is 7 digits followed by a letter, for example 0750654D.',
    'cfa.uai_check_letter':
      'The letter of this UAI number does not match its 7 digits: check it on the establishment’s record (annuaire de l’éducation nationale).',
    'cfa.siret_format': 'The SIRET is 14 digits.',
    'cfa.siret_checksum': 'This SIRET is not valid: check the 14 digits (Sirene registration notice).',
    'cfa.contact_default':
      'These are Passerelle’s demonstration contact details: enter the CFA’s own e-mail address and phone.',
    'workshops.quota_below_registered': '{count} applicants are already registered: the number of places cannot go below that.',
  },
} as const satisfies Record<'fr-FR' | 'en-US', Record<string, string>>;

export type BackOfficeTextCode = keyof (typeof backOfficeValidationTexts)['fr-FR'];

addValidationTexts(backOfficeValidationTexts);
