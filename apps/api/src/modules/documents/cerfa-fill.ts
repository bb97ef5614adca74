import {
  PDFCheckBox,
  PDFDocument,
  PDFSignature,
  PDFTextField,
  type PDFField,
  type PDFForm,
  type PDFPage,
  type PDFRef,
  type PDFWidgetAnnotation,
} from '@cantoo/pdf-lib';
import type { CerfaEdition, ValuePart } from './cerfa-10103-12.fields.ts';
import { embedFonts } from '../../lib/pdf-kit.ts';
import type { CerfaValues } from './values.ts';
import { CerfaTemplateError } from './cerfa-template-error.ts';

export { CerfaTemplateError } from './cerfa-template-error.ts';

const typeOf = (field: PDFField): string =>
  field instanceof PDFTextField
    ? 'text'
    : field instanceof PDFCheckBox
      ? 'checkbox'
      : field instanceof PDFSignature
        ? 'signature'
        : 'other';

/**
 * A field's name as the form means it: some authoring tools leave PDF name escapes in the names (`Case #C3#A0 cocher 1`
 * for `Case à cocher 1`); the UTF-8 bytes they stand for are decoded, anything else is kept as it is.
 */
export function fieldNameOf(name: string): string {
  return name.replace(/(?:#[0-9A-Fa-f]{2})+/g, (escaped) => {
    try {
      return decodeURIComponent(escaped.replaceAll('#', '%'));
    } catch {
      return escaped;
    }
  });
}

const fieldsByName = (form: PDFForm) => new Map(form.getFields().map((field) => [fieldNameOf(field.getName()), field]));

/** What is wrong with a template for an edition's map: each mapped field must exist with its type. Empty when it matches. */
export function templateProblems(form: PDFForm, edition: CerfaEdition): string[] {
  const byName = fieldsByName(form);
  const problems: string[] = [];
  for (const mapping of edition.fields) {
    const field = byName.get(mapping.field);
    if (!field) problems.push(`missing field "${mapping.field}"`);
    else if (typeOf(field) !== mapping.type)
      problems.push(`field "${mapping.field}" is a ${typeOf(field)}, not a ${mapping.type}`);
  }
  for (const name of edition.signatureFields) {
    const field = byName.get(name);
    if (!field || typeOf(field) !== 'signature') problems.push(`missing signature field "${name}"`);
  }
  return problems;
}

/**
 * The part of a value a box holds: a date `dd/mm/yyyy` gives its day, month or year; an amount `1 500,00` (fr-FR, with
 * its narrow no-break spaces) its euros `1500` or cents `00`. Empty when the value has no such part.
 */
export function valuePart(value: string, part: ValuePart): string {
  if (part === 'day' || part === 'month' || part === 'year') {
    const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    if (!match) return '';
    return (part === 'day' ? match[1] : part === 'month' ? match[2] : match[3]) ?? '';
  }
  const match = /^([\d\s\u00a0\u202f]+),(\d{2})$/u.exec(value);
  if (!match) return '';
  return (part === 'euros' ? (match[1] ?? '').replace(/[\s\u00a0\u202f]/gu, '') : match[2]) ?? '';
}

/** A signature field's place, for the signing stamps: page index (0-based) and rectangle in points. */
export interface SignatureArea {
  field: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FilledCerfa {
  bytes: Uint8Array;
  pages: number;
  signatureAreas: SignatureArea[];
}

/** The private helpers of PDFForm.flatten, to flatten all fields but the signature ones. */
interface FlattenInternals {
  findWidgetPage(widget: PDFWidgetAnnotation): PDFPage;
  findWidgetAppearanceRef(field: PDFField, widget: PDFWidgetAnnotation): PDFRef;
  flattenWidgetOntoPage(page: PDFPage, widget: PDFWidgetAnnotation, ref: PDFRef): void;
}

/**
 * Fills an official blank CERFA through its edition's field map: text set, check boxes ticked (`/Oui`), appearances
 * drawn with the embedded DejaVu Sans (the template's Helvetica cannot draw U+202F), auto-sized to the box, then every
 * field flattened but the signature fields, kept for the signing stamps. Refuses a template that does not match the map.
 */
export async function fillCerfaTemplate(
  template: Uint8Array,
  edition: CerfaEdition,
  values: CerfaValues,
  at: Date,
  /** What is already known to be wrong with the file (its SHA-256 not pinned): listed with the fields' problems. */
  fileProblems: readonly string[] = [],
): Promise<FilledCerfa> {
  const doc = await PDFDocument.load(template);
  const form = doc.getForm();
  const problems = [...fileProblems, ...templateProblems(form, edition)];
  if (problems.length > 0) throw new CerfaTemplateError(edition.edition, problems);

  const fonts = await embedFonts(doc);
  const byName = fieldsByName(form);
  for (const mapping of edition.fields) {
    const value = values[mapping.path];
    const field = byName.get(mapping.field);
    if (field instanceof PDFCheckBox) {
      if (value === true) field.check();
      else field.uncheck();
      continue;
    }
    if (!(field instanceof PDFTextField)) continue; // templateProblems refused any other type.
    const whole = typeof value === 'string' ? value : '';
    const text = mapping.part ? valuePart(whole, mapping.part) : whole;
    // Some date fields carry no default appearance; size 0 lets the viewer (and pdf-lib) shrink the text to the box.
    field.acroField.setDefaultAppearance('/Helv 0 Tf 0 g');
    field.setText(text === '' ? undefined : text);
  }
  form.updateFieldAppearances(fonts.regular);

  const pages = doc.getPages();
  const signatureAreas: SignatureArea[] = [];
  const internals = form as unknown as FlattenInternals;
  for (const field of form.getFields()) {
    if (field instanceof PDFSignature) {
      for (const widget of field.acroField.getWidgets()) {
        const rect = widget.getRectangle();
        const page = pages.indexOf(internals.findWidgetPage(widget));
        signatureAreas.push({
          field: field.getName(),
          page,
          x: rect.x,
          y: rect.y,
          width: rect.width,
          height: rect.height,
        });
      }
      continue;
    }
    for (const widget of field.acroField.getWidgets()) {
      internals.flattenWidgetOntoPage(
        internals.findWidgetPage(widget),
        widget,
        internals.findWidgetAppearanceRef(field, widget),
      );
    }
    form.removeField(field);
  }
  doc.setTitle(`Contrat d'apprentissage — CERFA ${edition.edition}`);
  doc.setLanguage('fr-FR');
  doc.setProducer('Passerelle');
  doc.setModificationDate(at);
  const bytes = await doc.save({ updateFieldAppearances: false });
  return { bytes, pages: pages.length, signatureAreas };
}
