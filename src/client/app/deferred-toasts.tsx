import { lazy, Suspense, useEffect, useState } from 'react';

// react-hot-toast and its styles (about 5 KB gzipped) are not part of the first load.
const Toasts = lazy(() => import('./toasts'));

/**
 * Toasts answer something the learner did, so their code is fetched at the first tap or key: it
 * is there well before the answer it announces. A toast raised before then (the store is
 * react-hot-toast's own) shows as soon as it has loaded.
 */
export function DeferredToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { capture: true, passive: true };
    window.addEventListener('pointerdown', want, options);
    window.addEventListener('keydown', want, options);
    return () => {
      window.removeEventListener('pointerdown', want, options);
      window.removeEventListener('keydown', want, options);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
