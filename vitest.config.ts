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
  },
});
