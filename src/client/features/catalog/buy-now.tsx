import { useRef } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { siteConfig } from '../../lib/site-config';
import { useCatalogMessages } from './catalog-messages';

type Props = { pkg: { id: string; name: string; pricePaise: number }; className?: string };

/**
 * Buy Now. Online checkout (UPI QR and UTR) arrives with the orders feature; until then the
 * button opens a small dialog that says so plainly and offers the contact details and the
 * package's page. Native <dialog>: focus moves in, Escape and the Close button close it.
 */
export function BuyNow({ pkg, className = 'button button--primary' }: Props) {
  const { t } = useCatalogMessages();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = `buy-${pkg.id}-title`;
  const { contactEmail, contactPhone } = siteConfig;

  return (
    <>
      <button type="button" className={className} onClick={() => dialogRef.current?.showModal()}>
        {t('packages.buyNow')}
      </button>
      <dialog
        ref={dialogRef}
        className="buy-dialog"
        aria-labelledby={titleId}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its box) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="buy-dialog__box">
          <h2 id={titleId}>{t('buy.title', { name: pkg.name })}</h2>
          <p className="buy-dialog__price">{t('buy.price', { price: formatRupees(pkg.pricePaise) })}</p>
          <p>{t('buy.notOpen')}</p>
          {(contactEmail || contactPhone) && (
            <>
              <p>{t('buy.contact')}</p>
              <ul className="buy-dialog__contact">
                {contactPhone && (
                  <li>
                    <a href={`tel:${contactPhone.replace(/[\s-]/g, '')}`}>{contactPhone}</a>
                  </li>
                )}
                {contactEmail && (
                  <li>
                    <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
                  </li>
                )}
              </ul>
            </>
          )}
          <div className="buy-dialog__actions">
            <Link to={`/course/${pkg.id}`} className="button" onClick={() => dialogRef.current?.close()}>
              {t('buy.details')}
            </Link>
            <button type="button" className="button button--primary" onClick={() => dialogRef.current?.close()} autoFocus>
              {t('buy.close')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
