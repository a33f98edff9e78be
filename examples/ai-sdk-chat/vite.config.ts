// `npm start` in this folder: the chat page and its server side (server/chat-api.ts) in one Vite dev server.
import { defineConfig } from 'vite';
import { chatApi } from './server/chat-api.ts';

export default defineConfig({
  plugins: [chatApi()],
  server: { host: '127.0.0.1' },
});
