import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module, as the server's own code is. `--import tsx` does
 * not reach a worker's first module (tsx issue 354), so a line of JavaScript registers tsx in the
 * worker, then loads the module.
 */
export function typeScriptWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
