import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The address of a module beside `from` (a module's `import.meta.url`), named without its
 * extension: `.ts` when the server runs from its sources (tests, `npm run dev`), `.js` when it runs
 * compiled from dist-server/ (`npm start`, the service; decision 195).
 */
export function siblingModule(name: string, from: string): URL {
  return new URL(`./${name}${from.endsWith('.ts') ? '.ts' : '.js'}`, from);
}

/**
 * A worker thread running one of the server's modules. A compiled module (`.js`) runs as it is.
 * A TypeScript one needs tsx, and `--import tsx` does not reach a worker's first module (tsx
 * issue 354), so a line of JavaScript registers tsx in the worker, then loads the module.
 */
export function typeScriptWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
