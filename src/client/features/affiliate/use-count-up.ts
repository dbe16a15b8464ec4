import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Counts from 0 up to `target` in `steps` steps, one every `intervalMs` (the spec's 100 steps of
 * 10 ms), when the app renders the page itself. A page the server drew shows the target from the
 * start, as drawn (its figures are there before any script has run, and hydration finds them as
 * they were drawn); so does the app under prefers-reduced-motion, which only the browser knows.
 */
export function useCountUp(target: number, steps = 100, intervalMs = 10): number {
  // False on the server and while hydrating a drawn page; true when the app renders the page itself.
  const rendered = useHydrated();
  // Decided once, as the card first shows: a drawn card never counts.
  const [counts] = useState(() => rendered && !reducedMotion());
  const [step, setStep] = useState(counts ? 0 : steps);

  useEffect(() => {
    if (!counts) return;
    setStep(0);
    const timer = setInterval(() => {
      setStep((current) => {
        if (current + 1 >= steps) clearInterval(timer);
        return Math.min(current + 1, steps);
      });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [target, steps, intervalMs, counts]);

  return Math.round((target * step) / steps);
}
