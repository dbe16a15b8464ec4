import { afterAll, beforeAll } from 'vitest';
import { startFakeGraphApi, whatsAppEnv, type FakeGraphApi } from './fake-graph-api.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * For a test file of WhatsApp through the whole app: before its tests, the fake Graph API and the
 * app on a fresh database, set up to send through it, handed to `use`; after them, both closed.
 */
export function withWhatsAppApp(use: (app: TestApp, graph: FakeGraphApi) => void): void {
  let graph: FakeGraphApi | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
    app = await startTestApp({ env: whatsAppEnv(graph.url) });
    use(app, graph);
  });
  afterAll(async () => {
    await app?.close();
    await graph?.close();
  });
}
