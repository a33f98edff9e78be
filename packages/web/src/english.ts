// In the bundle this module is formrequest-en.js, the English catalog of @formrequest/schema's
// messages.ts (scripts/bundle.mjs builds it from that file). Unbundled the catalog is already whole.
const rest: Record<string, string> | undefined = undefined;
export default rest;
