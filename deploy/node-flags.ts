import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/server/http/serve-client.js';

/** The V8 flags production runs the server with: those between `node` and the compiled server in the unit's ExecStart. */
export function productionNodeFlags(): string[] {
  const unit = readFileSync(path.join(projectRoot, 'deploy', 'marathi-success.service'), 'utf8');
  const execStart = unit.match(/^ExecStart=\S+\/node (.*?) dist-server\/server\/main\.js$/m);
  if (!execStart) throw new Error('deploy/marathi-success.service has no ExecStart of the form "node FLAGS dist-server/server/main.js"');
  return execStart[1]!.split(/\s+/);
}
