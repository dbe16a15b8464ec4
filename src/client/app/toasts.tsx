import { useEffect, useRef } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { useLocation } from 'react-router';

/** An error belongs to the page it happened on: it never follows the learner to the next one. */
function StaleErrorToasts() {
  const { pathname } = useLocation();
  const { toasts } = useToasterStore();
  const shown = useRef(toasts);
  shown.current = toasts;
  // Only a move to another page: at mount (this code loads at the tap that raised a toast) every toast stays.
  const page = useRef(pathname);
  useEffect(() => {
    if (pathname === page.current) return;
    page.current = pathname;
    for (const item of shown.current) if (item.type === 'error') toast.remove(item.id);
  }, [pathname]);
  return null;
}

/** Where toasts show. react-hot-toast's defaults are the spec's: success 2 s, error 4 s, at most 20 at a time. */
export default function Toasts() {
  return (
    <>
      <StaleErrorToasts />
      <Toaster position="top-center" containerStyle={{ top: 64 }} />
    </>
  );
}
