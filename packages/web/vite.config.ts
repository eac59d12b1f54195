import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractsForBrowser } from './build/contracts-plugin.ts';

export default defineConfig({
  plugins: [contractsForBrowser(), react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/wp-json': 'http://localhost:8080',
      '/wp-login.php': 'http://localhost:8080',
    },
  },
});
