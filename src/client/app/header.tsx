import { useCommonMessages } from '../lib/common-messages';
import { useMutation } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { useSession } from '../features/auth/use-session';
import { siteConfig } from '../lib/site-config';
import { useTRPC } from '../lib/trpc';
import { pagePaths } from '../../shared/page-paths';

type Props = {
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** A finger or the keyboard on the menu button: its code can start loading before the tap ends. */
  onWantMenu: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
};

export function Header({ menuOpen, onOpenMenu, onWantMenu, toggleRef }: Props) {
  const { t } = useCommonMessages();
  const { user } = useSession();
  const trpc = useTRPC();
  // A signed-in user's emails follow the language they read the site in.
  const saveLanguage = useMutation(trpc.auth.setLanguage.mutationOptions());
  return (
    <header className="header">
      <button
        ref={toggleRef}
        type="button"
        className="header__menu icon-button"
        aria-label={t('header.openMenu')}
        aria-expanded={menuOpen}
        aria-controls="site-menu"
        onClick={onOpenMenu}
        onPointerDown={onWantMenu}
        onFocus={onWantMenu}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Link to={pagePaths.home} className="header__logo" aria-label={t('header.home', { siteName: siteConfig.siteName })}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{siteConfig.siteName}</span>
      </Link>
      <LanguageSwitch onChange={(lang) => user && saveLanguage.mutate({ lang })} />
    </header>
  );
}
