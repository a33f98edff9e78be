// `npm start` in this folder: the chat page and its server side (server/chat-api.ts) in one Vite dev server.
import { defineConfig } from 'vite';
import { demoApi } from '../web/vite-demo-api.ts';
import { chatApi } from './server/chat-api.ts';

export default defineConfig({
  // The sample search API of examples/web answers seed example 2's autocompletes.
  plugins: [chatApi(), demoApi()],
  server: { host: '127.0.0.1' },
});
