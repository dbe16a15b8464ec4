import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../server/http/serve-client.js';

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far. */
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Runs `src/server/main.ts` in a child process (through tsx) and waits until it listens.
 * `prefix` runs it under another command (the benchmark pins it to one core with `taskset -c 1`);
 * `compiled` runs the compiled server instead (dist-server/, built first), as `npm start` and the
 * service do: the benchmark measures that one.
 */
export function spawnServer(env: Record<string, string>, prefix: string[] = [], options: { compiled?: boolean } = {}): Promise<ServerProcess> {
  const entry = options.compiled ? ['dist-server/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const command = [...prefix, process.execPath, ...entry];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (more: Buffer) => (output += more.toString()));
        resolve({ child, url: match[1]!, output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`The server exited (${code}) before listening:\n${output}`)));
  });
}

/** Runs the server expecting it to refuse to start; answers its exit code and output. */
export async function failToStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  try {
    const server = await spawnServer(env);
    server.child.kill('SIGKILL');
    throw new Error('The server started but was expected to refuse.');
  } catch (error) {
    const message = (error as Error).message;
    const code = message.match(/exited \((\w+)\)/)?.[1];
    return { code: code === undefined || code === 'null' ? null : Number(code), output: message };
  }
}
