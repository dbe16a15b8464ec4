import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field';
import { errorMessage, fieldErrorsOf, useTRPC } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { useOrdersMessages } from './orders-messages';
import './my-orders.css';

/**
 * An order of which part arrived: what arrived and what remains, the UPI QR code and link for
 * exactly the remainder, and the field for its UTR. Sending it puts the order back to be checked.
 */
export function DifferencePayment({
  orderId,
  pricePaise,
  due,
}: {
  orderId: string;
  pricePaise: number;
  due: { receivedPaise: number; remainderPaise: number };
}) {
  const { t } = useOrdersMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const details = useQuery(trpc.orders.differenceDetails.queryOptions({ orderId }));
  const pay = useMutation(trpc.orders.payDifference.mutationOptions());
  const [utr, setUtr] = useState('');
  const remainder = formatRupees(due.remainderPaise);
  const utrError = pay.error ? (fieldErrorsOf(pay.error).utr ?? null) : null;

  function send(event: FormEvent) {
    event.preventDefault();
    pay.mutate(
      { orderId, utr },
      {
        onSuccess: async () => {
          toast.success(t('mine.differenceSent'));
          await queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
        },
        onError: (error) => {
          if (!fieldErrorsOf(error).utr) toast.error(errorMessage(error, t('admin.failed')));
        },
      },
    );
  }

  return (
    <section className="difference-payment" aria-labelledby={`difference-${orderId}`}>
      <h3 id={`difference-${orderId}`}>{t('mine.differenceTitle')}</h3>
      <p>{t('mine.differenceText', { received: formatRupees(due.receivedPaise), price: formatRupees(pricePaise), remainder })}</p>
      <dl className="details">
        <dt>{t('mine.differenceReceived')}</dt>
        <dd>{formatRupees(due.receivedPaise)}</dd>
        <dt>{t('mine.differenceRemainder')}</dt>
        <dd>
          <strong>{remainder}</strong>
        </dd>
      </dl>
      {details.data ? (
        <>
          <img className="difference-payment__qr" src={details.data.qrDataUrl} alt={t('mine.differenceQr', { remainder })} width="200" height="200" />
          <p>
            <a className="button" href={details.data.upiLink}>
              {t('mine.differencePayInApp', { remainder })}
            </a>
          </p>
        </>
      ) : (
        details.isPending && <p className="muted">{t('mine.differenceLoading')}</p>
      )}
      {details.error && <p role="alert">{errorMessage(details.error, t('admin.failed'))}</p>}
      <form className="form" onSubmit={send} noValidate>
        <TextField
          label={t('mine.differenceUtr', { remainder })}
          value={utr}
          onChange={setUtr}
          inputMode="numeric"
          autoComplete="off"
          required
          error={utrError}
          translate="no"
        />
        <button type="submit" className="button button--primary" disabled={pay.isPending}>
          {t('mine.differenceSend')}
        </button>
      </form>
    </section>
  );
}
