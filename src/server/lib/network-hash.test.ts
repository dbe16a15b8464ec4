import { createHash } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NETWORK_KEY_PERIOD_MS, networkHash, networkKeyFile } from './network-hash.js';

describe('an address as orders keep it', () => {
  it('is a keyed hash that matches within a period, not the plain SHA-256, and its key is replaced (and gone) when the period ends', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'network-hash-'));
    const start = 100 * NETWORK_KEY_PERIOD_MS;
    const first = networkHash(dataDir, start, '203.0.113.7');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(createHash('sha256').update('203.0.113.7').digest('hex'));
    expect(networkHash(dataDir, start + NETWORK_KEY_PERIOD_MS - 1, '203.0.113.7')).toBe(first);
    expect(networkHash(dataDir, start, '203.0.113.8')).not.toBe(first);
    const firstKey = await readFile(networkKeyFile(dataDir), 'utf8');
    expect((await stat(networkKeyFile(dataDir))).mode & 0o777).toBe(0o600);

    const next = networkHash(dataDir, start + NETWORK_KEY_PERIOD_MS, '203.0.113.7');
    expect(next).not.toBe(first);
    const nextKey = await readFile(networkKeyFile(dataDir), 'utf8');
    expect(nextKey).not.toBe(firstKey);
    expect(nextKey).not.toContain(JSON.parse(firstKey).key);
  });
});
