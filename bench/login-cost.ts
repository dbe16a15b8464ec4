/** What a login costs: argon2id hashing alone, and the most logins a second the box sustains. */
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { argon2Options } from '../src/server/lib/password.js';
import { summarise, watchMemory, type Timing } from './measure.js';

export async function measureHashing(n = 20): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    await argon2.hash(`bench-password-${i}`, argon2Options);
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

/**
 * Logins with the right password from many addresses (the server trusts X-Forwarded-For here),
 * so the per-IP limit does not stop the flood before the hashing bound does.
 */
export async function measureLoginFlood(server: { url: string; pid: number }, email: string, password: string) {
  const stopWatching = watchMemory(server.pid);
  let address = 0;
  const result = await autocannon({
    url: `${server.url}/api/user/login`,
    connections: 32,
    duration: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          address += 1;
          return {
            ...req,
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            },
            body: JSON.stringify({ email, password }),
          };
        },
      },
    ],
  });
  return {
    loginsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    refusedBusy: result.non2xx,
    errors: result.errors,
    peakRssMb: stopWatching(),
  };
}
