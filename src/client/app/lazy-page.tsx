import { type ComponentType, lazy } from 'react';

/**
 * A page whose code loads when first shown, like `React.lazy`, that can also be loaded ahead
 * (`load()`): once loaded it renders at once, without suspending. The app loads the page it starts
 * on before its first render (boot.ts has already fetched that code beside the app's), so the page
 * the server drew is replaced by the page itself, never by a spinner.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const fetchPage = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Suspending = lazy(fetchPage);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level (router.tsx), so each page keeps one identity
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { load: fetchPage });
}
