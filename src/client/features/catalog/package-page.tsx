import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { errorCode, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckout } from '../orders/use-checkout';
import { useSession } from '../auth/use-session';
import { PendingOrderNote } from '../orders/pending-order';
import { useOrdersOwingDifference, usePendingOrders } from '../orders/use-pending-orders';
import { BuyNow } from './buy-now';
import { useCatalogMessages } from './catalog-messages';
import { PackageImage } from './package-image';
import { PackageFacts } from './package-facts';
import { QueryState } from '../../components/query-state';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

// Only a buyer asked for the rest of a short payment needs it: kept off every visitor's first load.
const DifferencePayment = lazy(() => import('../orders/difference-payment').then((module) => ({ default: module.DifferencePayment })));

/** /course/{id}: a package with its lecture titles; the links only ever reach its buyers (in the player). */
export default function PackagePage() {
  const { t } = useCatalogMessages();
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const query = useQuery(trpc.catalog.byId.queryOptions({ id }));
  const pkg = query.data;
  const waiting = usePendingOrders().find((order) => order.package.id === id);
  const owing = useOrdersOwingDifference().find((order) => order.package.id === id);
  useDocumentTitle(pkg?.name ?? t('packages.title'));

  // The buy bar: on a phone, Buy Now stays in reach while the learner reads.
  const showBar = Boolean(pkg && !pkg.canWatch && !pkg.archived && !waiting && !owing);

  // `?buy=1`: a drawn card's Buy followed before the app ran (boot.ts keeps most such taps on their page).
  const [params, setParams] = useSearchParams();
  const buyAsked = params.get('buy') === '1';
  // A signed-in learner's: the popup open from the first render, as the server draws it for them.
  const { user } = useSession();
  const [opened] = useState(() => (buyAsked && user && pkg && showBar ? { id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise } : null));
  const checkout = useCheckout(opened);
  const { buy } = checkout;
  // Before the popup's own effect adds its history entry (useBackCloses): taking `buy` out of the
  // address afterwards replaced that entry, and Back then led to `?buy=1`, not to this page.
  useLayoutEffect(() => {
    if (!buyAsked || !pkg) return;
    setParams(
      (current) => {
        current.delete('buy');
        return current;
      },
      { replace: true },
    );
    if (showBar) buy({ id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise });
  }, [buyAsked, pkg, showBar, buy, setParams]);
  return (
    <QueryState
      query={query}
      error={(error) => (
        <div className="page page--narrow center" role="alert">
          <h1>{['NOT_FOUND', 'PACKAGE_NOT_FOUND', 'BAD_INPUT'].includes(errorCode(error) ?? '') ? t('package.notFound') : t('package.failed')}</h1>
          <p>
            <ButtonLink to={pagePaths.packages} look="primary">
              {t('package.back')}
            </ButtonLink>
          </p>
        </div>
      )}
    >
      {(pkg) => (
        <article className={showBar ? 'page package-page package-page--with-bar' : 'page package-page'}>
          {checkout.dialog}
          <PackageImage pkg={pkg} sizes="(min-width: 720px) 640px, 100vw" eager />
          <div className="package-page__body">
            <h1>{pkg.name}</h1>
            <p className="card__price">{formatRupees(pkg.pricePaise)}</p>
            <PackageFacts lectureCount={pkg.lectureCount} />
            {pkg.tier && (
              <p className="package-page__tier">
                {t('tiers.label')}: <strong>{t(`tiers.${pkg.tier}`)}</strong>
              </p>
            )}
            {pkg.archived && <p className="catalog-note">{t('package.archived')}</p>}
            <p className="package-page__description">{pkg.description}</p>
            <div className="package-page__actions">
              {pkg.canWatch ? (
                <ButtonLink to={pathTo(pagePaths.player, { courseId: pkg.id })} look="primary" className="button--large">
                  {t('package.startLearning')}
                </ButtonLink>
              ) : waiting ? (
                // Paid and being checked: never an offer to pay again.
                <PendingOrderNote utr={waiting.utr} />
              ) : owing?.differenceDue ? (
                // Part of the price arrived: only the rest is asked for, under the same order.
                <Suspense fallback={null}>
                  <DifferencePayment orderId={owing.id} pricePaise={owing.amountPaise} due={owing.differenceDue} />
                </Suspense>
              ) : (
                <BuyNow pkg={pkg} onBuy={checkout.buy} className="button button--primary button--large" />
              )}
            </div>
            <h2>{t('package.lectures')}</h2>
            {pkg.outline.length === 0 ? (
              <p className="muted-text">{t('package.noLectures')}</p>
            ) : (
              <ol className="outline-list">
                {pkg.outline.map((lecture, index) => (
                  <li key={lecture.id}>
                    <span className="outline-list__part">{t('player.part', { number: index + 1 })}</span>
                    {lecture.title && <span> · {lecture.title}</span>}
                  </li>
                ))}
              </ol>
            )}
            <p>
              <Link to={pagePaths.packages}>{t('package.back')}</Link>
            </p>
          </div>
          {showBar && (
            <div className="buy-bar">
              <span className="buy-bar__price">{formatRupees(pkg.pricePaise)}</span>
              <BuyNow pkg={pkg} onBuy={checkout.buy} />
            </div>
          )}
        </article>
      )}
    </QueryState>
  );
}
