import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The server compiled ahead of time (`vite build --config vite.server.config.ts`, part of
 * `npm run build`): one JavaScript file for each TypeScript module under src/, in the same
 * places under dist-server/ (so paths the code finds from its own file, such as the project's
 * root three folders up, stay right), its packages left in node_modules. `npm start` and the
 * service run it with plain Node: nothing transpiles at start and no loader stays resident
 * (decision 195).
 */
const root = import.meta.dirname;

export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: path.join(root, 'dist-server'),
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // The server and the worker threads it starts (each loaded by its own file's address).
      input: ['src/server/main.ts', 'src/server/lib/mail-worker.ts', 'src/server/db/checkpoint-worker.ts'].map((file) => path.join(root, file)),
      output: { preserveModules: true, preserveModulesRoot: path.join(root, 'src'), entryFileNames: '[name].js' },
    },
  },
});
