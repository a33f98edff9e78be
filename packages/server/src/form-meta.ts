/**
 * Where a form-request result carries the checked form for hosts and the Apps widget: `_meta` reaches
 * them (the Claude Agent SDK keeps it, MCP Apps hosts pass it to the view, ChatGPT as
 * `toolResponseMetadata`) but is not shown to the model, unlike `structuredContent`. Its own module
 * so the widget can import it without the server's dependencies.
 */
export const FORM_META_KEY = 'formrequest/form';
