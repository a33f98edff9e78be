// The renderer bundle (packages/web/dist/formrequest.js) exports the same API as @formrequest/web.
declare module '@formrequest/web/formrequest.js' {
  export { defineFormRequest, renderForm } from '@formrequest/web';
}
