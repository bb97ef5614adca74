import type { OpenApiDocument, Operation } from './openapi.ts';

/** Replaced by each answer's CSP nonce: the page's one style element. */
export const DOCS_NONCE = '__DOCS_CSP_NONCE__';

type JsonSchema = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Escaped text whose `code spans` (as the document's descriptions write them) show as code. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const anchor = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** anyOf / oneOf with a member that is an object or an array: listed member by member rather than on one line. */
function isComplexUnion(schema: JsonSchema): boolean {
  const union = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  return (
    Array.isArray(union) &&
    union.some((member) => member['properties'] || member['items'] || member['anyOf'] || member['oneOf'])
  );
}

/** One line telling a schema's type and constraints: `integer, 1 to 2147483647`, `"fr" | "en"`, `ErrorBody`. */
function typeLabel(schema: JsonSchema): string {
  if (typeof schema['$ref'] === 'string') {
    const name = refName(schema['$ref']);
    return `<a href="#schema-${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  if (Array.isArray(schema['enum']))
    return schema['enum'].map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' | ');
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema['const']))}</code>`;
  const union = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return isComplexUnion(schema) ? 'one of' : union.map(typeLabel).join(' | ');
  let label = Array.isArray(schema['type'])
    ? schema['type'].join(' | ')
    : typeof schema['type'] === 'string'
      ? schema['type']
      : 'any';
  if (label === 'array' && schema['items'] && typeof schema['items'] === 'object') {
    const items = schema['items'] as JsonSchema;
    label = items['properties'] ? 'array of objects' : `array of ${typeLabel(items)}`;
  }
  const facts: string[] = [];
  for (const key of ['format', 'contentMediaType', 'pattern']) {
    if (typeof schema[key] === 'string') facts.push(`${key} <code>${escapeHtml(schema[key])}</code>`);
  }
  const bounds: [string, string][] = [
    ['minimum', '≥'],
    ['exclusiveMinimum', '>'],
    ['maximum', '≤'],
    ['exclusiveMaximum', '<'],
    ['minLength', 'length ≥'],
    ['maxLength', 'length ≤'],
    ['minItems', 'items ≥'],
    ['maxItems', 'items ≤'],
  ];
  for (const [key, sign] of bounds) {
    if (typeof schema[key] === 'number') facts.push(`${sign} ${schema[key]}`);
  }
  if ('default' in schema) facts.push(`default <code>${escapeHtml(JSON.stringify(schema['default']))}</code>`);
  return facts.length > 0 ? `${escapeHtml(label)} (${facts.join(', ')})` : escapeHtml(label);
}

/** A schema as nested lists of its properties, deep enough to read; the JSON Schema itself stays one click away. */
function schemaTree(schema: JsonSchema, depth = 0): string {
  if (depth > 8) return '<p>…</p>';
  const description =
    typeof schema['description'] === 'string' ? `<p class="desc">${prose(schema['description'])}</p>` : '';
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  if (properties) {
    const required = new Set((schema['required'] as string[] | undefined) ?? []);
    const rows = Object.entries(properties).map(([name, property]) => {
      const flag = required.has(name) ? ' <span class="req">required</span>' : '';
      const note = typeof property['description'] === 'string' ? ` — ${prose(property['description'])}` : '';
      return `<li><code class="name">${escapeHtml(name)}</code>${flag} <span class="type">${typeLabel(property)}</span>${note}${nested(property, depth)}</li>`;
    });
    const extra = schema['additionalProperties'];
    if (extra && typeof extra === 'object') {
      rows.push(
        `<li><em>any other key</em> <span class="type">${typeLabel(extra as JsonSchema)}</span>${nested(extra as JsonSchema, depth)}</li>`,
      );
    }
    return `${description}<ul class="props">${rows.join('')}</ul>`;
  }
  return `${description}<p class="type">${typeLabel(schema)}</p>${nested(schema, depth)}`;
}

/** The parts of a schema that typeLabel does not show: an object's properties, array items that are objects, unions of objects. */
function nested(schema: JsonSchema, depth: number): string {
  if (schema['properties'])
    return schemaTree({ properties: schema['properties'], required: schema['required'] }, depth + 1);
  const items = schema['items'] as JsonSchema | undefined;
  if (items && typeof items === 'object' && (items['properties'] || isComplexUnion(items)))
    return schemaTree(items, depth + 1);
  const union = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(union) && isComplexUnion(schema)) {
    return `<ol class="union">${union.map((member) => `<li>${schemaTree(member, depth + 1)}</li>`).join('')}</ol>`;
  }
  return '';
}

function schemaBlock(schema: JsonSchema): string {
  return `<div class="schema">${schemaTree(schema)}<details><summary>JSON Schema</summary><pre>${escapeHtml(
    JSON.stringify(schema, null, 2),
  )}</pre></details></div>`;
}

function operationBlock(method: string, path: string, op: Operation): string {
  const parts: string[] = [];
  if (op.summary) parts.push(`<p>${escapeHtml(op.summary)}</p>`);
  parts.push(
    `<p class="access">${op.security ? `Bearer token required. ${prose(op.description ?? '')}` : 'No sign-in needed.'} <span class="opid">operationId <code>${escapeHtml(op.operationId)}</code></span></p>`,
  );
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td>${typeLabel(p.schema)}${
          p.description ? ` — ${prose(p.description)}` : ''
        }</td></tr>`,
    );
    parts.push(
      `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    );
  }
  if (op.requestBody) {
    const bodies = Object.entries(op.requestBody.content).map(
      ([type, media]) =>
        `<p class="media"><code>${escapeHtml(type)}</code>${op.requestBody?.required ? '' : ' (optional)'}</p>${schemaBlock(media.schema)}`,
    );
    parts.push(`<h4>Request body</h4>${bodies.join('')}`);
  }
  const responses = Object.entries(op.responses).map(([status, response]) => {
    const content = Object.entries(response.content ?? {})
      .map(([type, media]) =>
        media.schema['$ref'] === '#/components/schemas/ErrorBody'
          ? `<p class="media"><code>${escapeHtml(type)}</code> ${typeLabel(media.schema)}</p>`
          : `<p class="media"><code>${escapeHtml(type)}</code></p>${schemaBlock(media.schema)}`,
      )
      .join('');
    return `<li><strong>${escapeHtml(status)}</strong> ${prose(response.description)}${content}</li>`;
  });
  parts.push(`<h4>Responses</h4><ul class="responses">${responses.join('')}</ul>`);
  const id = anchor(op.operationId);
  return `<details class="op" id="${id}"><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></summary>${parts.join('')}</details>`;
}

const style = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:64rem;padding:1rem 1.5rem 4rem;color:#1b1b1b;background:#fff}
h1{margin-bottom:.25rem}h2{border-bottom:1px solid #ccc;padding-bottom:.25rem;margin-top:2.5rem}h4{margin:1rem 0 .25rem}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:.75rem;overflow:auto;max-height:30rem}
a{color:#0645ad}nav ul{columns:2}
.op{border:1px solid #ccc;border-radius:4px;margin:.5rem 0;padding:0 .75rem}.op[open]{padding-bottom:.75rem}
.op>summary{cursor:pointer;padding:.5rem 0}
.method{display:inline-block;min-width:4.5rem;text-align:center;font-weight:700;border-radius:3px;padding:0 .25rem;color:#fff;background:#555}
.get{background:#1f5e99}.post{background:#1c6b3a}.put{background:#8a5a00}.delete{background:#a11d1d}.patch{background:#5b3b8c}
.access{color:#444}.opid{margin-left:1rem;color:#666;font-size:.9em}.req{color:#a11d1d;font-size:.85em}.type{color:#333}
.desc{margin:.25rem 0;color:#444}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
ul.props{margin:.25rem 0;padding-left:1.25rem}.responses>li{margin:.5rem 0}.schema{margin-left:.25rem}
@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#161616}pre{background:#222}a{color:#8ab4f8}.access,.desc,.type,.opid{color:#bbb}.op,td,th,h2{border-color:#444}.req{color:#ff8a80}}
`;

/**
 * The document as one readable page, grouped by tag then path: parameters, bodies and answers with their schemas.
 * Server-rendered, no script and nothing from another origin: its one style element carries the answer's CSP nonce.
 */
export function renderDocsPage(doc: OpenApiDocument, jsonUrl: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationBlock(method, path, op)]);
    }
  }
  const sections = doc.tags.map(
    (tag) =>
      `<section id="tag-${anchor(tag.name)}"><h2>${escapeHtml(tag.name)}</h2>${tag.description ? `<p>${prose(tag.description)}</p>` : ''}${(
        byTag.get(tag.name) ?? []
      ).join('')}</section>`,
  );
  const components = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<section id="schema-${anchor(name)}"><h3>${escapeHtml(name)}</h3>${schemaBlock(schema)}</section>`,
  );
  const schemes = Object.entries(doc.components.securitySchemes).map(
    ([name, scheme]) =>
      `<li><code>${escapeHtml(name)}</code>: ${prose(typeof scheme['description'] === 'string' ? scheme['description'] : '')}</li>`,
  );
  const toc = doc.tags.map(
    (tag) =>
      `<li><a href="#tag-${anchor(tag.name)}">${escapeHtml(tag.name)}</a> (${byTag.get(tag.name)?.length ?? 0})</li>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title><link rel="icon" href="data:,">
<style nonce="${DOCS_NONCE}">${style}</style></head>
<body><header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${prose(doc.info.description)}</p>
<p>OpenAPI ${escapeHtml(doc.openapi)} document: <a href="${escapeHtml(jsonUrl)}">${escapeHtml(jsonUrl)}</a>.</p>
<ul>${schemes.join('')}</ul></header>
<nav aria-label="Tags"><ul>${toc.join('')}<li><a href="#schemas">Shared schemas</a></li></ul></nav>
<main>${sections.join('')}<section id="schemas"><h2>Shared schemas</h2>${components.join('')}</section></main>
</body></html>`;
}
