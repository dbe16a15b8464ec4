import { type ReactNode, useEffect, useId, useRef } from 'react';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** A tap on the backdrop closes it (default). Off for a popup a stray tap must not lose, like the payment. */
  closeOnBackdrop?: boolean;
  /**
   * Drawn open (the `open` attribute): a popup the server draws open is shown and typeable before
   * the app has run; once it runs, the popup is made modal, keeping what was typed and the focus.
   */
  startsOpen?: boolean;
};

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it, and focus returns
 * to where it was. A tap on the backdrop closes it too, unless `closeOnBackdrop` is false.
 */
export function Dialog({ open, onClose, title, closeLabel, children, closeOnBackdrop = true, startsOpen = false }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && dialog.open && !dialog.matches(':modal')) {
      // Open as drawn, not yet modal: closed and opened again as a modal (the 'close' this queues
      // finds it open, and is ignored), the focus kept where the learner was typing.
      const focused = dialog.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
      dialog.close();
      dialog.showModal();
      focused?.focus();
    }
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is the mouse's Escape, which the native dialog already handles
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      open={startsOpen || undefined}
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__body">
        <div className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
