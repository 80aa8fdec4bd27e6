import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.ATENDE_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    // 'source' first: @atende/contract is consumed as TypeScript, no prior build of the package needed.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contract declares no "sideEffects"; its modules only define schemas and constants, so a
        // page that needs STORAGE_KEYS must not drag every zod schema into its chunk.
        // A feature's index only re-exports: a screen that needs one hook of a feature must not
        // carry (and evaluate) the feature's dialogs as well.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
      },
    },
  },
});
