import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/money';
import type { Package } from './catalog-types';
import { PackageFacts } from './package-facts';
import { PackageImage } from './package-image';
import { pagePaths, pathTo } from '../../../shared/page-paths';

/** Cards are one column on a phone, two or three side by side from a tablet up. */
const CARD_IMAGE_SIZES = '(min-width: 1100px) 340px, (min-width: 600px) 50vw, 100vw';

type Props = {
  pkg: Pick<Package, 'id' | 'name' | 'image' | 'imageSrcSet'> & Partial<Pick<Package, 'description' | 'pricePaise' | 'lectureCount'>>;
  /** The first card is above the fold: its picture loads at once. */
  eager: boolean;
  /** The card's title level: h2 on a page of packages, h3 inside a section. */
  heading?: 'h2' | 'h3';
  /** On sale: the title links to the package's page, and the price and facts show. */
  forSale?: boolean;
  /** The package's description under the title. */
  description?: boolean;
  /** The card's buttons (Buy Now, Start Learning…). */
  children?: ReactNode;
};

/** One package as a card, as the home page, the packages page and My Courses list them. */
export function PackageCard({ pkg, eager, heading: Heading = 'h2', forSale = false, description = false, children }: Props) {
  return (
    <li className="card package-card">
      <PackageImage pkg={pkg} sizes={CARD_IMAGE_SIZES} eager={eager} />
      <Heading className="card__title">
        {forSale ? (
          <Link to={pathTo(pagePaths.packagePage, { id: pkg.id })} className="package-card__link">
            {pkg.name}
          </Link>
        ) : (
          pkg.name
        )}
      </Heading>
      {forSale && pkg.pricePaise !== undefined && <p className="card__price">{formatRupees(pkg.pricePaise)}</p>}
      {forSale && pkg.lectureCount !== undefined && <PackageFacts lectureCount={pkg.lectureCount} />}
      {description && <p className="package-card__description">{pkg.description}</p>}
      {children !== undefined && <div className="package-card__actions">{children}</div>}
    </li>
  );
}
