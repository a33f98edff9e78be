// Remote options (autocomplete, multi-autocomplete, async-select, cascading-select): URLs and display.
// Everything returned here is plain text; renderers insert it as text, never as HTML. Keys named by the
// model (displayField, valueField, {key}) are read as the item's own properties only.
import { ownValue } from './json-depth.js';
import { resolveRemoteUrl } from './remote-url.js';

type Item = Record<string, unknown>;

interface RemoteField {
  displayField: string;
  valueField: string;
  renderTemplate?: string;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Fills `{key}` from `item` (missing keys become ''); seed 000's renderOption. */
export function renderTemplate(template: string, item: Item): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => text(ownValue(item, key)));
}

/** The text shown for a result item: its renderTemplate, or its displayField. */
export function optionText(field: RemoteField, item: Item): string {
  if (field.renderTemplate) return renderTemplate(field.renderTemplate, item);
  return text(ownValue(item, field.displayField));
}

/** The short label of a chosen item (chips, the input box): always the displayField. */
export function optionLabel(field: RemoteField, item: Item): string {
  return text(ownValue(item, field.displayField));
}

/** The value a chosen item puts into the answers. */
export function itemValue(field: RemoteField, item: Item): unknown {
  return ownValue(item, field.valueField);
}

/**
 * Resolves `url` (absolute, or a path like /api/...) against `baseUrl`, read by `parseRemoteUrl`:
 * anything else (`/\evil.example`, `//host`, `javascript:`) throws, and the field shows its error.
 */
function toUrl(url: string, baseUrl?: string): URL {
  const base = baseUrl ?? (typeof location !== 'undefined' ? location.href : 'http://127.0.0.1/');
  return resolveRemoteUrl(url, base);
}

/** The options request of an async-select: its loadUrl, as written, on `baseUrl`. */
export function buildLoadUrl(field: { loadUrl: string }, baseUrl?: string): string {
  return toUrl(field.loadUrl, baseUrl).toString();
}

/**
 * The search request for `query`: each searchParams value with "{query}" replaced by the typed text,
 * or `?q=<query>` when the field has no searchParams (seed 000, Autocomplete の実装).
 */
export function buildSearchUrl(
  field: { searchUrl: string; searchParams?: Record<string, unknown> },
  query: string,
  baseUrl?: string,
): string {
  const url = toUrl(field.searchUrl, baseUrl);
  if (field.searchParams && Object.keys(field.searchParams).length > 0) {
    for (const [key, value] of Object.entries(field.searchParams)) {
      url.searchParams.set(key, String(value).replaceAll('{query}', query));
    }
  } else {
    url.searchParams.set('q', query);
  }
  return url.toString();
}

/** The options request of a cascading-select for its parent's value: `?<dependsOnParam>=<value>`. */
export function buildDependentUrl(
  field: { searchUrl: string; dependsOnParam: string },
  parentValue: unknown,
  baseUrl?: string,
): string {
  const url = toUrl(field.searchUrl, baseUrl);
  url.searchParams.set(field.dependsOnParam, text(parentValue));
  return url.toString();
}

/**
 * How many results a search or load shows at most (web, form page, widget, terminal): past it, the
 * rest is left out and the person is asked to refine the search. A list of 100,000 would otherwise be
 * 100,000 options to build, filter and paint on every keystroke.
 */
export const MAX_REMOTE_RESULTS = 100;

/** The first `limit` items, and whether some were left out. */
export function capResults<T>(items: T[], limit = MAX_REMOTE_RESULTS): { items: T[]; more: boolean } {
  return items.length > limit ? { items: items.slice(0, limit), more: true } : { items, more: false };
}

/**
 * Reads the items out of a search/load response: a JSON array, or an object holding one array
 * under `items`, `results` or `data`. Anything else is null (the renderer shows an error state).
 */
export function extractItems(body: unknown): Item[] | null {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ['items', 'results', 'data'].map((k) => (body as Item)[k]).find(Array.isArray)
      : undefined;
  if (!Array.isArray(list)) return null;
  return list.filter((x): x is Item => x !== null && typeof x === 'object' && !Array.isArray(x));
}
