import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev` talks to a PocketBase started by `npm start` on the default address.
    proxy: { '/api': 'http://127.0.0.1:8090', '/_': 'http://127.0.0.1:8090' },
  },
});
