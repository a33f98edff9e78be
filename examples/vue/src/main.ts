// Defines <form-request> once (the element entry of @formrequest/web), then mounts the Vue app.
import '@formrequest/web/element';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
