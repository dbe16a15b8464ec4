/**
 * The gateway's own checkout window (Razorpay's checkout.js), loaded from the gateway on the
 * gateway's checkout page only: its Content Security Policy is the only one that lets it in, and
 * the rest of the site never fetches a byte of it.
 */
/** The part of Razorpay's checkout options and answer this page uses (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export type CheckoutOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name: string; email: string; contact?: string };
  config: unknown;
  handler: (answer: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) => void;
  modal: { ondismiss: () => void; confirm_close: boolean };
  theme: { color: string };
};

type CheckoutWindow = { open(): void };
type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutWindow;

let loading: Promise<CheckoutConstructor> | null = null;

/** Loads the gateway's script once, and answers its checkout constructor. */
export function loadCheckout(script: string): Promise<CheckoutConstructor> {
  const ready = () => (window as unknown as { Razorpay?: CheckoutConstructor }).Razorpay;
  loading ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    const found = ready();
    if (found) return resolve(found);
    const element = document.createElement('script');
    element.src = script;
    element.async = true;
    element.onload = () => {
      const loaded = ready();
      if (loaded) resolve(loaded);
      else reject(new Error('the checkout script did not load its window'));
    };
    element.onerror = () => reject(new Error('the checkout script could not be fetched'));
    document.head.append(element);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** UPI first: a phone opens the learner's UPI app, a computer shows the gateway's QR. */
export const upiFirst = {
  display: {
    blocks: { upi: { name: 'UPI', instruments: [{ method: 'upi' }] } },
    sequence: ['block.upi'],
    preferences: { show_default_blocks: true },
  },
};
