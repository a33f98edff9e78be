// `npm start` in this folder. Vue's template compiler must leave <form-request> to the browser (it is a
// custom element, not a Vue component): isCustomElement says so. The sample search API of examples/web
// answers seed example 2's autocompletes.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { demoApi } from '../web/vite-demo-api.ts';

export default defineConfig({
  plugins: [
    vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'form-request' } } }),
    demoApi(),
  ],
  server: { host: '127.0.0.1' },
});
