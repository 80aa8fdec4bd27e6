import type { OpenApiDocument, Operation } from './api-docs.openapi.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function fieldsOf(schema: Record<string, unknown> | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const names = Object.keys(properties).map((name) => (required.has(name) ? `<b>${escape(name)}</b>` : escape(name)));
  return names.length ? names.join(', ') : '';
}

function operationHtml(method: string, path: string, op: Operation): string {
  const params = op.parameters.map((p) => `${escape(p.name)} <i>(${p.in}${p.required ? ', required' : ''})</i>`).join(', ');
  const bodies = Object.entries(op.requestBody?.content ?? {})
    .map(([type, { schema }]) => `<div><code>${escape(type)}</code> ${fieldsOf(schema)}<details><summary>schema</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details></div>`)
    .join('');
  return `<section class="op"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>${params ? `<div>Parameters: ${params}</div>` : ''}${bodies}</section>`;
}

/**
 * The reference page at /api/docs: the operations of the OpenAPI document as plain HTML, grouped
 * by their first path segment. No script (the Content-Security-Policy allows none inline) and
 * nothing loaded from elsewhere; required fields in bold.
 */
export function renderDocsPage(doc: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags[0];
      groups.set(tag, [...(groups.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const toc = [...groups.keys()].sort().map((tag) => `<a href="#${escape(tag)}">${escape(tag)}</a>`).join(' · ');
  const body = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => `<h2 id="${escape(tag)}">${escape(tag)}</h2>${ops.join('')}`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} ${escape(doc.info.version)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#222}code,pre{font-family:ui-monospace,monospace}
pre{background:#f5f5f5;padding:8px;overflow:auto}.op{border:1px solid #ddd;border-radius:6px;padding:4px 12px;margin:8px 0}h3{font-size:15px;margin:6px 0}
.m{display:inline-block;min-width:60px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}.get{background:#2e7d32}.post{background:#1565c0}.put{background:#ef6c00}.delete{background:#c62828}.patch{background:#6a1b9a}</style>
</head><body><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1><p>${escape(doc.info.description)}</p>
<p>OpenAPI 3.1: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a></p><nav>${toc}</nav>${body}</body></html>`;
}
