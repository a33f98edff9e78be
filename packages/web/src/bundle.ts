// The entry of dist/formrequest.js, the one-file browser module: the library and <form-request>
// defined on import. Its types (dist/bundle.d.ts) are the `@formrequest/web/formrequest.js` entry's.
import './define.js';

export * from './index.js';
