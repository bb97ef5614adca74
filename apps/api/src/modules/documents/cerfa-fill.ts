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
import type { CerfaEdition } from './cerfa-10103-12.fields.ts';
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

/** What is wrong with a template for an edition's map: each mapped field must exist with its type. Empty when it matches. */
export function templateProblems(form: PDFForm, edition: CerfaEdition): string[] {
  const byName = new Map(form.getFields().map((field) => [field.getName(), field]));
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
): Promise<FilledCerfa> {
  const doc = await PDFDocument.load(template);
  const form = doc.getForm();
  const problems = templateProblems(form, edition);
  if (problems.length > 0) throw new CerfaTemplateError(edition.edition, problems);

  const fonts = await embedFonts(doc);
  for (const mapping of edition.fields) {
    const value = values[mapping.path];
    if (mapping.type === 'checkbox') {
      const box = form.getCheckBox(mapping.field);
      if (value === true) box.check();
      else box.uncheck();
      continue;
    }
    const field = form.getTextField(mapping.field);
    const text = typeof value === 'string' ? value : '';
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
