import type { Package } from './catalog-types';

type Props = {
  pkg: Pick<Package, 'image' | 'imageSrcSet'>;
  /** How wide the picture shows, for the browser to pick a file from the srcset. */
  sizes: string;
  /** Above the fold: load at once and first. Everything else loads as it nears the screen. */
  eager?: boolean;
};

/**
 * A package's picture: WebP files of a few widths, a 16:9 frame reserved before it arrives so
 * nothing jumps. Decorative: the package's name is always next to it.
 */
export function PackageImage({ pkg, sizes, eager = false }: Props) {
  if (!pkg.image) return <div className="package-image package-image--none" aria-hidden="true" />;
  return (
    <img
      className="package-image"
      src={pkg.image}
      srcSet={pkg.imageSrcSet ?? undefined}
      sizes={sizes}
      width={640}
      height={360}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
