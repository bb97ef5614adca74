import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { CerfaEdition } from '../src/modules/documents/documents.service.ts';

/**
 * Test support: a blank form standing in for an official CERFA edition (whose file the project does not hold), made
 * with pdf-lib from the edition’s own field map: every mapped box (text or check box; 10103*13 and *14 have no
 * signature field), laid out in a grid over A4 pages, each named as the map names it. `escapeNames` writes "à" as the PDF name escape "#C3#A0", as the
 * official 10103*14 file does; `rename` and `retype` make it unfit (a box renamed, a text box made a check box).
 */
export async function buildTestTemplate(
  edition: CerfaEdition,
  options: { escapeNames?: boolean; rename?: Record<string, string>; retype?: readonly string[] } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const [width, height] = [595.28, 841.89];
  const columns = 4;
  const rowHeight = 17;
  const rowsPerPage = Math.floor((height - 80) / rowHeight);
  const names = [...new Set(edition.fields.map((mapping) => mapping.field))];
  const typeOf = new Map(edition.fields.map((mapping) => [mapping.field, mapping.type]));
  let page = doc.addPage([width, height]);
  page.drawText(`Formulaire de test — Cerfa n° ${edition.edition}`, { x: 40, y: height - 30, size: 9, font });
  names.forEach((mapped, index) => {
    const slot = index % (columns * rowsPerPage);
    if (index > 0 && slot === 0) page = doc.addPage([width, height]);
    const x = 40 + (slot % columns) * 130;
    const y = height - 60 - Math.floor(slot / columns) * rowHeight;
    const renamed = options.rename?.[mapped] ?? mapped;
    const name = options.escapeNames ? renamed.replaceAll('à', '#C3#A0') : renamed;
    const isBox = (typeOf.get(mapped) === 'checkbox') !== (options.retype?.includes(mapped) ?? false);
    if (isBox) form.createCheckBox(name).addToPage(page, { x, y, width: 11, height: 11 });
    else form.createTextField(name).addToPage(page, { x, y, width: 120, height: 13, font });
  });
  return doc.save();
}
