import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation } from 'react-router';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/**
 * A link to a page of the app, moving without a reload: react-router's Link without what this site
 * never uses (prefetching route modules, view transitions, relative routing), which keeps about
 * 3 KB gzipped out of the first load. The pages drawn before the app runs and the shell use it.
 */
export function Link({ to, replace, onClick, ...anchor }: Props) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    />
  );
}

/** A menu's link, marked as the current page (`aria-current`) on its own page (and below it, unless `end`). */
export function NavLink({ end = false, ...props }: Props & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = props.to.split(/[?#]/)[0]!;
  const current = pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  return <Link {...props} aria-current={current ? 'page' : undefined} />;
}
