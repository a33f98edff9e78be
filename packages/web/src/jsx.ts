// `import type {} from '@formrequest/web/jsx'`: adds <form-request> to React's JSX (@types/react
// 18.3 and newer). For Preact, Solid or Vue, add `'form-request': FormRequestAttributes` to that
// framework's `JSX.IntrinsicElements` the same way. Nothing here runs.
import type { FormRequestAttributes, FormRequestElement } from './element.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'form-request': FormRequestAttributes & { ref?: import('react').Ref<FormRequestElement> };
    }
  }
}
