import { PDF_MAX_PAGES } from '../pdf-limits.ts';

/**
 * The texts of the checks every form makes (a field left empty, too long, not an e-mail, not in the list, a refused
 * upload), in words a person reads: what to type, never the check, the type name or the pattern. Apart from the rule
 * catalogue (messages.ts, which includes them) so that a simple form loads these only. `{param}` placeholders as there.
 */
export const validationTexts = {
  'fr-FR': {
    'field.required': 'Ce champ est obligatoire.',
    'text.too_short': 'Saisissez au moins {min} caractères.',
    'text.too_long': 'Ce texte est trop long : {max} caractères au plus.',
    'number.invalid': 'Saisissez uniquement des chiffres.',
    'number.whole': 'Saisissez une valeur entière, sans décimales.',
    'number.too_small': 'Saisissez une valeur d’au moins {min}.',
    'number.too_small_exclusive': 'Saisissez une valeur supérieure à {min}.',
    'number.too_big': 'Saisissez une valeur d’au plus {max}.',
    'number.too_big_exclusive': 'Saisissez une valeur inférieure à {max}.',
    'date.format': 'Saisissez une date complète : jour, mois et année.',
    'date.too_early': 'Choisissez une date à partir du {date}.',
    'date.too_late': 'Choisissez une date jusqu’au {date} au plus tard.',
    'list.too_short': 'Ajoutez au moins {min} élément(s).',
    'list.too_long': 'Gardez au plus {max} élément(s).',
    'email.format': 'Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.',
    'url.format': 'Saisissez une adresse web complète, qui commence par http ou https.',
    'value.format': "Cette valeur n'a pas la forme attendue : vérifiez ce que vous avez saisi.",
    'value.invalid': "Cette valeur n'est pas valide : corrigez-la ou videz le champ.",
    'choice.invalid': 'Choisissez une valeur dans la liste.',
    'choice.answer': 'Choisissez une réponse.',
    'form.unexpected_field': 'Le formulaire contient un champ inattendu : rechargez la page puis recommencez.',
    'offers.dates_reversed': 'Choisissez une date égale ou postérieure à « Publiée après le ».',
    'phone.format':
      "Le numéro de téléphone n'est pas valide : 6 à 20 caractères parmi chiffres, espaces, points, tirets ou parenthèses, avec un + au début pour l'international.",
    'phone.french_length': 'Un numéro de téléphone français comporte 10 chiffres, par exemple 06 12 34 56 78, ou +33 suivi de 9 chiffres.',
    'postcode.format': 'Le code postal comporte 5 chiffres.',
    'text.forbidden_character':
      'Ce champ contient un caractère non autorisé (caractère invisible ou mal encodé) : retapez le texte plutôt que de le coller.',
    'date.in_future': 'Cette date est dans le futur : saisissez une date passée ou celle d’aujourd’hui.',
    'file.too_large': 'Ce fichier est trop volumineux : réduisez sa taille ou choisissez un autre fichier.',
    'file.unsupported_type':
      "Ce type de fichier n'est pas accepté : choisissez un fichier dans l'un des formats indiqués.",
    'file.malware_detected':
      "L'antivirus a refusé ce fichier : il contient un contenu dangereux. Envoyez une autre copie du document, par exemple exportée de nouveau en PDF.",
    'file.scan_unavailable':
      "Le contrôle antivirus des fichiers est momentanément indisponible : rien n'a été enregistré, réessayez dans quelques minutes.",
    'file.quota_person':
      "Vous avez atteint le volume de documents prévu pour un compte : rien n'a été enregistré. Contactez le CFA pour en envoyer d'autres.",
    'file.quota_dossier':
      "Ce dossier a atteint le volume de documents prévu : rien n'a été enregistré. Contactez le CFA pour en ajouter.",
    'file.content_not_pdf':
      "Le contenu de ce fichier n'est pas un PDF, même si son nom finit par .pdf : enregistrez ou exportez de nouveau le document au format PDF, puis envoyez-le.",
    'file.content_not_pdf_or_image':
      "Le contenu de ce fichier n'est ni un PDF, ni une image PNG ou JPEG, même si son nom le laisse penser : enregistrez de nouveau le document dans l'un de ces formats, puis envoyez-le.",
    'file.content_not_document':
      "Le contenu de ce fichier n'est ni un PDF, ni un document Word (.doc, .docx), même si son nom le laisse penser : enregistrez de nouveau le document dans l'un de ces formats, puis envoyez-le.",
    'file.pdf_damaged':
      "Ce PDF est endommagé : il ne peut pas être lu. Enregistrez ou exportez de nouveau le document au format PDF, puis envoyez-le.",
    'file.pdf_too_complex':
      "Ce PDF est trop lourd à lire (trop d'éléments ou de données compressées) : enregistrez-le de nouveau, par exemple avec « Imprimer » puis « Enregistrer au format PDF », puis envoyez-le.",
    'file.pdf_too_many_pages': `Ce PDF compte plus de ${PDF_MAX_PAGES} pages : envoyez seulement les pages demandées.`,
    'signature.code_format': 'Saisissez le code à 6 chiffres reçu par e-mail.',
    'signature.consent_required': 'Cochez la case pour donner votre accord avant de signer.',
    'signature.code_wrong': 'Ce code ne correspond pas : vérifiez le dernier code reçu par e-mail.',
    'signature.code_expired': 'Ce code a expiré ou n’a pas été demandé : demandez un nouveau code.',
    'signature.code_attempts': 'Trop d’essais avec ce code : demandez un nouveau code.',
    'signature.code_locked':
      'Trop de codes erronés ont été saisis : par sécurité, la signature en ligne est bloquée. Contactez le CFA, qui relancera la procédure.',
    'signature.documents_changed':
      'Les documents ont changé depuis que vous les avez ouverts : relisez-les, puis signez de nouveau.',
  },
  'en-US': {
    'field.required': 'This field is required.',
    'text.too_short': 'Enter at least {min} characters.',
    'text.too_long': 'This text is too long: {max} characters at most.',
    'number.invalid': 'Enter digits only.',
    'number.whole': 'Enter a whole value, without decimals.',
    'number.too_small': 'Enter a value of at least {min}.',
    'number.too_small_exclusive': 'Enter a value greater than {min}.',
    'number.too_big': 'Enter a value of at most {max}.',
    'number.too_big_exclusive': 'Enter a value less than {max}.',
    'date.format': 'Enter a full date: day, month and year.',
    'date.too_early': 'Choose a date on or after {date}.',
    'date.too_late': 'Choose a date on or before {date}.',
    'list.too_short': 'Add at least {min} item(s).',
    'list.too_long': 'Keep at most {max} item(s).',
    'email.format': 'Enter a full e-mail address, such as name@example.com.',
    'url.format': 'Enter a full web address, starting with http or https.',
    'value.format': 'This value does not have the expected form: check what you typed.',
    'value.invalid': 'This value is not valid: correct it or clear the field.',
    'choice.invalid': 'Choose a value from the list.',
    'choice.answer': 'Choose an answer.',
    'form.unexpected_field': 'The form holds an unexpected field: reload the page and try again.',
    'offers.dates_reversed': 'Choose a date on or after “Published after”.',
    'phone.format':
      'This phone number is not valid: 6 to 20 characters among digits, spaces, dots, hyphens or brackets, with a leading + for international numbers.',
    'phone.french_length': 'A French phone number has 10 digits, for example 06 12 34 56 78, or +33 followed by 9 digits.',
    'postcode.format': 'The postcode has 5 digits.',
    'text.forbidden_character':
      'This field contains a character that is not allowed (an invisible or badly encoded character): type the text again rather than pasting it.',
    'date.in_future': 'This date is in the future: enter a past date or today’s.',
    'file.too_large': 'This file is too large: reduce its size or choose another file.',
    'file.unsupported_type': 'This file type is not accepted: choose a file in one of the formats listed.',
    'file.malware_detected':
      'The antivirus refused this file: it holds harmful content. Send another copy of the document, for example exported again as a PDF.',
    'file.scan_unavailable':
      'The antivirus check of files is unavailable for the moment: nothing was saved, try again in a few minutes.',
    'file.quota_person':
      'You have reached the amount of documents an account may hold: nothing was saved. Contact the CFA to send more.',
    'file.quota_dossier':
      'This case has reached the amount of documents it may hold: nothing was saved. Contact the CFA to add more.',
    'file.content_not_pdf':
      'The content of this file is not a PDF, even though its name ends in .pdf: save or export the document as a PDF again, then send it.',
    'file.content_not_pdf_or_image':
      'The content of this file is neither a PDF nor a PNG or JPEG image, whatever its name says: save the document again in one of these formats, then send it.',
    'file.content_not_document':
      'The content of this file is neither a PDF nor a Word document (.doc, .docx), whatever its name says: save the document again in one of these formats, then send it.',
    'file.pdf_damaged': 'This PDF is damaged: it cannot be read. Save or export the document as a PDF again, then send it.',
    'file.pdf_too_complex':
      'This PDF is too heavy to read (too many parts or too much compressed data): save it again, for example with “Print” then “Save as PDF”, then send it.',
    'file.pdf_too_many_pages': `This PDF has more than ${PDF_MAX_PAGES} pages: send only the pages asked for.`,
    'signature.code_format': 'Enter the 6-digit code you received by e-mail.',
    'signature.consent_required': 'Tick the box to give your consent before signing.',
    'signature.code_wrong': 'This code does not match: check the latest code you received by e-mail.',
    'signature.code_expired': 'This code has expired or was not requested: ask for a new code.',
    'signature.code_attempts': 'Too many tries with this code: ask for a new code.',
    'signature.code_locked':
      'Too many wrong codes were entered: for your security, online signing is locked. Contact the CFA, who will restart the procedure.',
    'signature.documents_changed':
      'The documents have changed since you opened them: read them again, then sign again.',
  },
} as const satisfies Record<'fr-FR' | 'en-US', Record<string, string>>;

export type ValidationTextCode = keyof (typeof validationTexts)['fr-FR'];
export type TextLanguage = keyof typeof validationTexts;

/**
 * Texts a part of the product adds for its own codes (the back office's, `back-office-texts.ts`), so that the forms every
 * visitor loads do not carry them. Registered when that part's module loads; looked up after the common ones.
 */
const addedTexts: Record<TextLanguage, Record<string, string>> = { 'fr-FR': {}, 'en-US': {} };

export function addValidationTexts(texts: Record<TextLanguage, Record<string, string>>): void {
  Object.assign(addedTexts['fr-FR'], texts['fr-FR']);
  Object.assign(addedTexts['en-US'], texts['en-US']);
}

export function isValidationTextCode(value: string): value is ValidationTextCode {
  return Object.hasOwn(validationTexts['fr-FR'], value) || Object.hasOwn(addedTexts['fr-FR'], value);
}

function textOf(code: ValidationTextCode, language: TextLanguage): string {
  return Object.hasOwn(validationTexts[language], code) ? validationTexts[language][code] : (addedTexts[language][code] ?? code);
}

/** ISO dates show as dd/mm/yyyy (SPEC 9) and numbers in the language's format. */
function formatParam(value: string | number, language: TextLanguage): string {
  if (typeof value === 'number') return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return date ? `${date[3]}/${date[2]}/${date[1]}` : value;
}

/** A template with its `{param}` placeholders filled; a missing param stays visible. */
export function fillTemplate(
  template: string,
  language: TextLanguage,
  params: Record<string, string | number> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : formatParam(value, language);
  });
}

/** The text of a validation code in a language; any other text comes back as is. */
export function formatValidationText(
  code: string,
  language: TextLanguage,
  params?: Record<string, string | number>,
): string {
  return isValidationTextCode(code) ? fillTemplate(textOf(code, language), language, params) : code;
}
