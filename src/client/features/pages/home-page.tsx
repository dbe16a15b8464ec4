import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { useTRPC } from '../../lib/trpc';
import { useCatalogMessages } from '../catalog/catalog-messages';
import { PackageFacts, PlaceholderCards } from '../catalog/package-facts';
import { PackageImage } from '../catalog/package-image';
import '../catalog/catalog.css';
import { defineMessages } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import en from '../../locales/en/home.json';
import mr from '../../locales/mr/home.json';
import heroImage from './hero.svg';
import './home-page.css';

const useHomeMessages = defineMessages({ en, mr });

const CARD_IMAGE_SIZES = '(min-width: 1100px) 340px, (min-width: 600px) 50vw, 100vw';

/** The packages on sale with their prices, right on the home page: the shop is what people come for. */
function HomePackages() {
  const { t } = useCatalogMessages();
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.list.queryOptions());
  if (packages.isError || packages.data?.length === 0) return null;
  return (
    <section className="home__section" aria-labelledby="home-packages">
      <h2 id="home-packages">{t('packages.homeTitle')}</h2>
      {packages.isPending ? (
        <PlaceholderCards count={2} />
      ) : (
        <ul className="card-grid package-grid">
          {packages.data.slice(0, 6).map((pkg, index) => (
            <li key={pkg.id} className="card package-card">
              <PackageImage pkg={pkg} sizes={CARD_IMAGE_SIZES} eager={index === 0} />
              <h3 className="card__title">
                <Link to={`/course/${pkg.id}`} className="package-card__link">
                  {pkg.name}
                </Link>
              </h3>
              <p className="card__price">{formatRupees(pkg.pricePaise)}</p>
              <PackageFacts lectureCount={pkg.lectureCount} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/packages" className="button">
          {t('packages.seeAll')}
        </Link>
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
          <Link to="/packages" className="button button--primary button--large">
            {t('hero.cta')}
          </Link>
        </div>
        <img className="hero__image" src={heroImage} alt={t('hero.imageAlt')} width="480" height="320" fetchPriority="high" />
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
