import { Suspense, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { cx } from '@/lib/cx';
import { SearchBox } from '@/features/search/components/search-box';
import { lazyPart } from '@/lib/lazy-part';
import { Icon } from '@/components/ui/icon';
import { Chevron } from './chevron';
import { useSignedIn } from '@/lib/auth/session';

// The menus' code follows the first paint (scripts/check-size.mjs: not initial JS); until it is
// there, buttons of the same size hold their places, so nothing moves when they arrive.
const CategoryMenu = lazyPart(() => import('./category-menu'));
const ProfileMenu = lazyPart(() => import('./profile-menu'));
const CartCount = lazyPart(() => import('./cart-count'));
// Its code (and the live stream it holds) is fetched only for a signed-in user.
const MessagesLink = lazyPart(() => import('@/features/messages/components/messages-link'));

// Fixed navigation links of the spec §2 (labels verbatim).
const featured = [
  { to: '/category/deals/pre-built-rigs', label: 'Pre-Built Rigs' },
  { to: '/category/deals/second-hand-deals', label: 'Second Hand Deals' },
  { to: '/category/mobile-phones-and-tablets', label: 'Phones & Telecom' },
] as const;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const signedIn = useSignedIn();
  return (
    <header className="on-dark bg-brand-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 pt-2 md:flex-nowrap md:gap-x-4">
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          aria-label="Menu"
          onClick={() => {
            setMenuOpen((o) => !o);
          }}
          className="-ml-2 inline-flex size-tap items-center justify-center rounded-control md:hidden"
        >
          <MenuIcon open={menuOpen} />
        </button>
        <Link
          id="brand-link"
          to="/"
          className="inline-flex min-h-tap items-center rounded-control text-2xl font-extrabold tracking-tight"
        >
          Dwa
        </Link>
        <SearchBox className="order-last w-full md:order-none md:max-w-xl md:flex-1" />
        <div className="ml-auto flex items-center gap-1">
          <Suspense fallback={<ProfilePlaceholder />}>
            <ProfileMenu />
          </Suspense>
          {signedIn && (
            <Suspense fallback={null}>
              <MessagesLink />
            </Suspense>
          )}
          <CartLink />
        </div>
      </div>
      <nav
        id={navId}
        aria-label="Main"
        // On phones the menu toggle shows it; from md up it is always there.
        className={cx('mx-auto max-w-6xl px-2 pb-1 md:block', menuOpen ? 'block' : 'hidden')}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setMenuOpen(false);
        }}
      >
        <ul className="flex flex-col md:flex-row md:items-center">
          <li>
            <Suspense fallback={<CategoryMenuPlaceholder />}>
              <CategoryMenu />
            </Suspense>
          </li>
          {featured.map(({ to, label }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cx(
                    'inline-flex min-h-tap items-center rounded-control px-2 text-sm font-medium hover:text-gold-400',
                    isActive && 'text-gold-400 underline underline-offset-4',
                  )
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

// The menus' buttons as they will be, inert until their code arrives: a box of any other size
// would move the links beside them, and the page under the header, when it does.
function ProfilePlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex min-h-tap items-center gap-1 px-2 font-semibold"
    >
      <span className="size-6" />
      <span className="hidden sm:inline">Account</span>
    </span>
  );
}

function CategoryMenuPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex min-h-tap items-center gap-1 px-2 text-sm font-semibold"
    >
      All Categories
      <Chevron />
    </span>
  );
}

/** The bag link; its item count (spec §2) comes with the code that reads the bag, after the first paint. */
function CartLink() {
  return (
    <Link
      to="/cart"
      className="relative inline-flex min-h-tap items-center gap-2 rounded-control px-2 font-semibold hover:text-gold-400"
    >
      <BagIcon />
      Cart
      <Suspense fallback={null}>
        <CartCount />
      </Suspense>
    </Link>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <Icon>{open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}</Icon>
  );
}

function BagIcon() {
  return (
    <Icon>
      <path d="M6 7h12l1 14H5L6 7Z" />
      <path d="M9 7a3 3 0 0 1 6 0" />
    </Icon>
  );
}
