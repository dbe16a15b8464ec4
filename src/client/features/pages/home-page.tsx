import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { useCatalogMessages } from '../catalog/catalog-messages';
import { PackageCard } from '../catalog/package-card';
import { PlaceholderCards } from '../catalog/package-facts';
import { useSaleCardAction } from '../catalog/sale-card-action';
import { useCheckout } from '../orders/use-checkout';
import '../catalog/catalog.css';
import { defineMessages } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import en from '../../locales/en/home.json';
import mr from '../../locales/mr/home.json';
import './home-page.css';
import { pagePaths } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

const useHomeMessages = defineMessages({ en, mr });

/** The packages on sale with their prices, right on the home page: the shop is what people come for. */
function HomePackages() {
  const { t } = useCatalogMessages();
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.list.queryOptions());
  const checkout = useCheckout();
  const actionFor = useSaleCardAction(checkout.buy);
  if (packages.isError || packages.data?.length === 0) return null;
  return (
    <section className="home__section" aria-labelledby="home-packages">
      {checkout.dialog}
      <h2 id="home-packages">{t('packages.homeTitle')}</h2>
      {/* A failed or empty catalogue hides the whole section (above): nothing to show here then. */}
      <QueryState query={packages} loading={<PlaceholderCards count={2} />} error={null}>
        {(list) => (
          <ul className="card-grid package-grid">
            {list.slice(0, 6).map((pkg, index) => (
              <PackageCard key={pkg.id} pkg={pkg} eager={index === 0} heading="h3" forSale>
                {actionFor(pkg)}
              </PackageCard>
            ))}
          </ul>
        )}
      </QueryState>
      <p>
        <ButtonLink to={pagePaths.packages}>{t('packages.seeAll')}</ButtonLink>
      </p>
    </section>
  );
}

export default function HomePage() {
  const { t, get } = useHomeMessages();
  useDocumentTitle(null);
  return (
    <div className="home">
      <section className="hero">
        <div className="hero__text">
          <h1 className="hero__title">
            {t('hero.title')} <span lang="mr">{t('hero.marathi')}</span>
          </h1>
          <p className="hero__lead">{t('hero.lead')}</p>
          <ButtonLink to={pagePaths.packages} look="primary" className="button--large">
            {t('hero.cta')}
          </ButtonLink>
        </div>
        <img className="hero__image" src="/images/hero.svg" alt={t('hero.imageAlt')} width="480" height="320" fetchPriority="high" />
      </section>

      <HomePackages />

      <section className="home__section" aria-labelledby="about-company">
        <h2 id="about-company">{t('about.title')}</h2>
        {get('about.paragraphs').map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>

      <section className="home__section home__section--tinted" aria-labelledby="our-mission">
        <h2 id="our-mission">{t('mission.title')}</h2>
        {get('mission.paragraphs').map((text, index) => (
          <p key={text} className={index === 0 ? 'home__mission-lead' : undefined}>
            {text}
          </p>
        ))}
      </section>

      <section className="home__section founder" aria-labelledby="founder">
        <img className="founder__photo" src="/images/founder.svg" alt={t('founder.photoAlt')} width="160" height="160" loading="lazy" />
        <div>
          <h2 id="founder">{t('founder.title')}</h2>
          {get('founder.paragraphs').map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </section>
    </div>
  );
}
