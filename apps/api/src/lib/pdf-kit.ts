import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

/**
 * A small drawing kit for the PDFs the API writes (the contract documents, the signing's certificate of completion):
 * A4 pages, an embedded Unicode font (DejaVu Sans from the `dejavu-fonts-ttf` package, subset: only the glyphs used
 * are embedded), wrapped text, labelled fields in columns, tables and signature boxes, with page numbers. The standard
 * PDF fonts (WinAnsi) cannot draw U+202F, which `Intl.NumberFormat('fr-FR')` puts in every amount, nor most non-Latin
 * names.
 */

const require = createRequire(import.meta.url);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', mono: 'DejaVuSansMono.ttf' } as const;
type FontName = keyof typeof FONT_FILES;
const fontBytes = new Map<FontName, Promise<Uint8Array>>();

/** A font's TTF bytes, read once per process. */
function loadFontBytes(name: FontName): Promise<Uint8Array> {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = readFile(require.resolve(`dejavu-fonts-ttf/ttf/${FONT_FILES[name]}`));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/** The six capital letters a subset font's name starts with (ISO 32000 9.6.4), which tools like `pdffonts` recognise. */
export function subsetTag(): string {
  return Array.from(randomBytes(6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/** Shaped texts kept per parsed font; past this many, the cache starts again (a document has a few hundred). */
const LAYOUT_CACHE_SIZE = 20_000;

/**
 * Text shaping (fontkit's `layout`: OpenType substitutions, ligatures) is where a drawn document spends most of its
 * time: pdf-lib shapes every string it measures and every string it draws, and wrapping measures each line as it grows.
 * The labels and clauses are the same from one document to the next, so a string is shaped once per font and process.
 * The same font, text and features always shape the same way, and pdf-lib only reads the result (glyph ids and
 * advances), so the cached run is the one it would compute.
 */
function cacheLayouts(font: object): object {
  const shaped = font as { layout: (text: string, features?: unknown, ...rest: unknown[]) => unknown };
  const layout = shaped.layout.bind(font);
  const runs = new Map<string, unknown>();
  shaped.layout = (text, features, ...rest) => {
    if (rest.some((argument) => argument !== undefined)) return layout(text, features, ...rest);
    const key = features === undefined ? `\u0000${text}` : `${JSON.stringify(features)}\u0000${text}`;
    let run = runs.get(key);
    if (run === undefined) {
      if (runs.size >= LAYOUT_CACHE_SIZE) runs.clear();
      run = layout(text, features);
      runs.set(key, run);
    }
    return run;
  };
  return font;
}

/**
 * fontkit with its parsed fonts kept per font file: parsing DejaVu Sans (740 kB) is most of a document's time, and a
 * case has four documents. The parsed font is only read (each document builds its own subset from it).
 */
const parsed = new WeakMap<ArrayBufferView, object>();
const cachingFontkit = {
  ...fontkit,
  create(data: ArrayBufferView, postscriptName?: string) {
    if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
    let font = parsed.get(data);
    if (!font) {
      font = cacheLayouts(fontkit.create(data));
      parsed.set(data, font);
    }
    return font;
  },
} as typeof fontkit;

/** Reads and parses the fonts before a first document needs them (the demo data do it while the database is made). */
export async function loadFonts(): Promise<void> {
  for (const name of Object.keys(FONT_FILES) as FontName[]) cachingFontkit.create(await loadFontBytes(name));
}

async function embedOne(doc: PDFDocument, name: FontName): Promise<PDFFont> {
  const postscript = FONT_FILES[name].replace(/\.ttf$/, '');
  return doc.embedFont(await loadFontBytes(name), { subset: true, customName: `${subsetTag()}+${postscript}` });
}

/** DejaVu Sans and its bold, subset, embedded in `doc`. */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(cachingFontkit);
  const [regular, bold] = await Promise.all([embedOne(doc, 'regular'), embedOne(doc, 'bold')]);
  return { regular, bold };
}

/** The same with DejaVu Sans Mono (hashes, identifiers). */
export async function embedFontsWithMono(doc: PDFDocument): Promise<Fonts & { mono: PDFFont }> {
  const [fonts, mono] = await Promise.all([embedFonts(doc), embedOne(doc, 'mono')]);
  return { ...fonts, mono };
}

export type Measure = (text: string) => number;

/**
 * Breaks a text into lines no wider than `width` (as `measure` says), at spaces; a word wider than a line is cut.
 * Explicit line breaks are kept. Pure, for the unit tests.
 */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/ +/).filter((word) => word !== '');
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      let rest = word;
      while (measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Splits `total` points between columns in proportion to `weights`. Pure. */
export function columnWidths(total: number, weights: readonly number[], gap = 0): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const usable = total - gap * (weights.length - 1);
  return weights.map((weight) => (usable * weight) / sum);
}

export const A4: [number, number] = [595.28, 841.89];
export const ink = rgb(0.1, 0.1, 0.12);
export const muted = rgb(0.35, 0.35, 0.4);
const band = rgb(0.9, 0.92, 0.96);
const rule = rgb(0.7, 0.72, 0.78);

/** Where a flow writes on its pages (points); the contract documents' by default. */
export interface Layout {
  margin: number;
  /** The running header's baseline, from the top edge. */
  headerFromTop: number;
  /** Kept free above the bottom margin. */
  bottomReserve: number;
  /** Above a heading band, and what must fit below it besides. */
  headingGap: number;
  headingKeep: number;
  /** The page numbers' baseline. */
  footerY: number;
}
const documentLayout: Layout = {
  margin: 40,
  headerFromTop: 24,
  bottomReserve: 20,
  headingGap: 6,
  headingKeep: 30,
  footerY: 22,
};

export interface Field {
  label: string;
  value: string;
}

/** A document written top to bottom; a new page starts when the next element does not fit. */
export class Flow<F extends Fonts = Fonts> {
  page!: PDFPage;
  y = 0;
  readonly width: number;
  readonly left: number;

  readonly doc: PDFDocument;
  readonly fonts: F;
  readonly header: string;
  readonly layout: Layout;

  constructor(doc: PDFDocument, fonts: F, header: string, layout: Partial<Layout> = {}) {
    this.doc = doc;
    this.fonts = fonts;
    this.header = header;
    this.layout = { ...documentLayout, ...layout };
    this.left = this.layout.margin;
    this.width = A4[0] - 2 * this.layout.margin;
    this.newPage();
  }

  newPage(): void {
    const { margin, headerFromTop } = this.layout;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - margin;
    this.page.drawText(this.header, {
      x: margin,
      y: A4[1] - headerFromTop,
      size: 7,
      font: this.fonts.regular,
      color: muted,
    });
  }

  ensure(height: number): void {
    if (this.y - height < this.layout.margin + this.layout.bottomReserve) this.newPage();
  }

  lines(text: string, size: number, width: number, bold = false): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    return wrapText(text, width, (candidate) => font.widthOfTextAtSize(candidate, size));
  }

  /** The document's title block. */
  title(text: string, subtitle?: string, reference?: string): void {
    const lines = this.lines(text, 15, this.width - 90, true);
    this.ensure(lines.length * 19 + 24);
    for (const line of lines) {
      this.page.drawText(line, { x: this.left, y: this.y - 15, size: 15, font: this.fonts.bold, color: ink });
      this.y -= 19;
    }
    if (reference) {
      const w = this.fonts.bold.widthOfTextAtSize(reference, 10);
      this.page.drawText(reference, {
        x: A4[0] - this.left - w,
        y: A4[1] - this.left - 13,
        size: 10,
        font: this.fonts.bold,
        color: ink,
      });
    }
    if (subtitle) this.paragraph(subtitle, { size: 8.5, color: 'muted' });
    this.y -= 4;
  }

  /** A section heading on a tinted band (L'EMPLOYEUR, L'APPRENTI(E)…). */
  heading(text: string): void {
    this.ensure(22 + this.layout.headingKeep);
    this.y -= this.layout.headingGap;
    this.page.drawRectangle({ x: this.left, y: this.y - 16, width: this.width, height: 16, color: band });
    this.page.drawText(text, { x: this.left + 6, y: this.y - 12, size: 10, font: this.fonts.bold, color: ink });
    this.y -= 22;
  }

  subheading(text: string): void {
    this.ensure(16 + 20);
    this.page.drawText(text, { x: this.left, y: this.y - 10, size: 9, font: this.fonts.bold, color: ink });
    this.y -= 14;
  }

  /** Wrapped text; `font` (one of the flow's) overrides `bold`; `after`: the space below it (3 points). */
  paragraph(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      font?: PDFFont;
      color?: 'ink' | 'muted';
      indent?: number;
      after?: number;
    } = {},
  ): void {
    const size = options.size ?? 9;
    const indent = options.indent ?? 0;
    const font = options.font ?? (options.bold ? this.fonts.bold : this.fonts.regular);
    const lines = wrapText(text, this.width - indent, (candidate) => font.widthOfTextAtSize(candidate, size));
    for (const line of lines) {
      this.ensure(size + 3);
      this.page.drawText(line, {
        x: this.left + indent,
        y: this.y - size,
        size,
        font,
        color: options.color === 'muted' ? muted : ink,
      });
      this.y -= size + 3;
    }
    this.y -= options.after ?? 3;
  }

  /** Labelled values in `columns` columns; an empty value prints as a dash so that a blank is visibly blank. */
  fields(fields: readonly Field[], columns = 2): void {
    const widths = columnWidths(
      this.width,
      Array.from({ length: columns }, () => 1),
      12,
    );
    for (let index = 0; index < fields.length; index += columns) {
      const row = fields.slice(index, index + columns);
      const cells = row.map((field, column) => {
        const width = widths[column] ?? this.width;
        return {
          label: this.lines(field.label, 7, width),
          value: this.lines(field.value === '' ? '—' : field.value, 9, width),
        };
      });
      const height = Math.max(...cells.map((cell) => cell.label.length * 8.5 + cell.value.length * 11.5)) + 4;
      this.ensure(height);
      let x = this.left;
      cells.forEach((cell, column) => {
        let y = this.y;
        for (const line of cell.label) {
          this.page.drawText(line, { x, y: y - 7, size: 7, font: this.fonts.regular, color: muted });
          y -= 8.5;
        }
        for (const line of cell.value) {
          this.page.drawText(line, { x, y: y - 9.5, size: 9, font: this.fonts.regular, color: ink });
          y -= 11.5;
        }
        x += (widths[column] ?? 0) + 12;
      });
      this.y -= height;
    }
  }

  /** A table with a bold header row and thin rules. */
  table(headers: readonly string[], rows: readonly (readonly string[])[], weights: readonly number[]): void {
    const widths = columnWidths(this.width, weights, 6);
    const drawRow = (cells: readonly string[], bold: boolean) => {
      const wrapped = cells.map((cell, column) => this.lines(cell, 8.5, (widths[column] ?? 0) - 2, bold));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * 11 + 5;
      this.ensure(height);
      let x = this.left;
      wrapped.forEach((lines, column) => {
        lines.forEach((line, index) => {
          this.page.drawText(line, {
            x,
            y: this.y - 10 - index * 11,
            size: 8.5,
            font: bold ? this.fonts.bold : this.fonts.regular,
            color: ink,
          });
        });
        x += (widths[column] ?? 0) + 6;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: this.left, y: this.y + 2 },
        end: { x: this.left + this.width, y: this.y + 2 },
        thickness: 0.4,
        color: rule,
      });
    };
    drawRow(headers, true);
    for (const row of rows) drawRow(row, false);
    this.y -= 4;
  }

  /** Boxes for handwritten or electronic signatures, side by side. */
  signatures(labels: readonly string[], height = 70): void {
    this.ensure(height + 20);
    const widths = columnWidths(
      this.width,
      labels.map(() => 1),
      10,
    );
    let x = this.left;
    labels.forEach((label, index) => {
      const width = widths[index] ?? 0;
      const lines = this.lines(label, 7.5, width - 8);
      this.page.drawRectangle({ x, y: this.y - height, width, height, borderColor: rule, borderWidth: 0.8 });
      lines.forEach((line, row) => {
        this.page.drawText(line, {
          x: x + 4,
          y: this.y - 10 - row * 9,
          size: 7.5,
          font: this.fonts.regular,
          color: muted,
        });
      });
      x += width + 10;
    });
    this.y -= height + 8;
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Page numbers, once every page is written. */
  finish(footer: string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = `${footer} — page ${index + 1} / ${pages.length}`;
      page.drawText(text, { x: this.left, y: this.layout.footerY, size: 7, font: this.fonts.regular, color: muted });
    });
  }
}

/** Saves a document with fixed metadata dates, so that the same content gives the same bytes within one generation. */
export async function saveDocument(doc: PDFDocument, title: string, at: Date): Promise<Uint8Array> {
  doc.setTitle(title);
  doc.setLanguage('fr-FR');
  doc.setProducer('Passerelle');
  doc.setCreator('Passerelle');
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  return doc.save();
}
