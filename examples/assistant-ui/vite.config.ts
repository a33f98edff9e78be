// `npm start` in this folder: the assistant-ui page on the AI SDK chat example's server side (its mock
// model and /api/chat with our local request_form tool) and the sample search API of examples/web.
import { defineConfig } from 'vite';
import { chatApi } from '../ai-sdk-chat/server/chat-api.ts';
import { demoApi } from '../web/vite-demo-api.ts';

export default defineConfig({
  plugins: [chatApi(), demoApi()],
  server: { host: '127.0.0.1' },
});
