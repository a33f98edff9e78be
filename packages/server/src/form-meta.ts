/**
 * Where a form-request result carries the checked form for hosts and the Apps widget: `_meta` reaches
 * them (the Claude Agent SDK keeps it, MCP Apps hosts pass it to the view, ChatGPT as
 * `toolResponseMetadata`) but is not shown to the model, unlike `structuredContent`. Its own module
 * so the widget can import it without the server's dependencies.
 */
export const FORM_META_KEY = 'formrequest/form';

/**
 * When the form was issued (ms since the epoch), beside the form in `_meta`: a surface that renders it
 * later (the Apps widget, a reloaded chat) resolves relative dates (`today`, `+7days`) from this
 * instant, as the server and the host do, so every surface agrees on one "today".
 */
export const ISSUED_AT_META_KEY = 'formrequest/issuedAt';

/**
 * The widget's parts a result's form needs, `{name: code}` (widget-parts.ts): only in results served
 * to an MCP Apps host, whose widget runs them (a host that proxies resources/read could fetch them too).
 */
export const PARTS_META_KEY = 'formrequest/parts';
