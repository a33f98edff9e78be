// The origins the server's own surfaces (the MCP Apps widget, the form page) may search: those of the
// configured endpoints, the only ones their Content-Security-Policy lets them reach; and the fields of a
// form that search elsewhere, each a warning the model reads at call time (the field could never be
// filled there).

import type { ServerConfig } from '@formrequest/internal/config';
import type { FormSchema, Issue, Locale } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';

/** The configured endpoints' origins, once each, in config order. */
export function allowedSearchOrigins(config: ServerConfig): string[] {
  return [...new Set((config.endpoints ?? []).map((endpoint) => new URL(endpoint.url).origin))];
}

const URL_PROPS = ['searchUrl', 'loadUrl'] as const;

/** Each field whose absolute searchUrl / loadUrl points at an origin the config does not list. */
export function unreachableSearches(
  schema: FormSchema,
  config: ServerConfig,
): { index: number; field: string; property: string; origin: string }[] {
  const allowed = new Set(allowedSearchOrigins(config));
  const out: { index: number; field: string; property: string; origin: string }[] = [];
  schema.fields.forEach((field, index) => {
    for (const property of URL_PROPS) {
      const url = (field as Record<string, unknown>)[property];
      if (typeof url !== 'string' || !URL.canParse(url)) continue; // relative: the page's own origin
      const origin = new URL(url).origin;
      if (!allowed.has(origin))
        out.push({ index, field: (field as { name?: string }).name ?? `#${index}`, property, origin });
    }
  });
  return out;
}

/** The same as warnings (Issue, severity warning) in the form's language. */
export function unreachableSearchIssues(schema: FormSchema, config: ServerConfig, locale?: Locale): Issue[] {
  return unreachableSearches(schema, config).map(({ index, field, property, origin }) => ({
    severity: 'warning',
    code: 'search-origin-not-allowed',
    path: `fields[${index}].${property}`,
    index,
    property,
    message: agentText(locale, 'searchOriginNotAllowed', { field, origin }),
  }));
}
