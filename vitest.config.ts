import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'deploy/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Browser tests start Chromium and walk real pages; argon2 hashing is deliberately slow.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A page's first render waits for React DOM to be parsed and run: on a busy 2-core box that can
    // take longer than expect.poll's default second, which is no sign of a fault.
    expect: { poll: { timeout: 5_000 } },
  },
});
