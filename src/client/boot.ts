/**
 * The page's only script. Once the page the server drew has been painted, it preloads the app's
 * chunks side by side and imports the app; fetching and running the app before that paint would
 * hold it back on a slow phone. The build writes the addresses (paintFirst() in vite.config.ts).
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app]');
const app = script?.dataset.app;

function startApp(url: string): void {
  for (const chunk of script?.dataset.chunks?.split(' ').filter(Boolean) ?? []) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: chunk, crossOrigin: '' });
    document.head.append(link);
  }
  void import(/* @vite-ignore */ url);
}

if (app) requestAnimationFrame(() => setTimeout(() => startApp(app), 0));
