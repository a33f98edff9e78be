// The fake Messages API is shared test support (the server's Claude Code test uses it too).
export * from '../../../testing/fake-messages-api.ts';
