import { useEffect, useState } from 'react';

/**
 * Counts from 0 up to `target` in `steps` steps, one every `intervalMs` (the spec's 100 steps of
 * 10 ms). Under prefers-reduced-motion it shows the target at once.
 */
export function useCountUp(target: number, steps = 100, intervalMs = 10): number {
  const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  const [step, setStep] = useState(reduced ? steps : 0);

  useEffect(() => {
    if (reduced) {
      setStep(steps);
      return;
    }
    setStep(0);
    const timer = setInterval(() => {
      setStep((current) => {
        if (current + 1 >= steps) clearInterval(timer);
        return Math.min(current + 1, steps);
      });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [target, steps, intervalMs, reduced]);

  return Math.round((target * step) / steps);
}
