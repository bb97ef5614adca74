/** A template that is not the edition its map describes (a renamed, missing or retyped field): never filled. */
export class CerfaTemplateError extends Error {
  readonly edition: string;
  readonly problems: readonly string[];

  constructor(edition: string, problems: readonly string[]) {
    super(
      `The CERFA template does not match the field map of edition ${edition}: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    );
    this.name = 'CerfaTemplateError';
    this.edition = edition;
    this.problems = problems;
  }
}
