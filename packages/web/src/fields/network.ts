// The field types that fetch (the catalog's `remote` and `remote[]` values: autocomplete,
// multi-autocomplete, async-select, cascading-select) with their loader, as one module the renderer
// imports when a form has such a field (fields/index.ts): their options and items come over the network,
// and so does their code, once (a bundler makes it a chunk: dist/formrequest-remote.js in the browser
// module).
import { parseRemoteUrl } from '@formrequest/schema/core';

export { loadItems, refusal } from '../load.js';

/** The schema's reading of a searchUrl / loadUrl, for the form's check (checks.ts) once this is here. */
export const remoteUrl = (text: string): boolean => parseRemoteUrl(text).ok;
export { autocomplete } from './autocomplete.js';
export { remoteSelect } from './remote.js';
