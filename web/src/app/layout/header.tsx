import { Link, NavLink } from 'react-router';
import { cx } from '@/lib/cx';
import { SearchBox } from './search-box';

// Fixed navigation links of the spec §2 (labels verbatim).
const featured = [
  { to: '/category/deals/pre-built-rigs', label: 'Pre-Built Rigs' },
  { to: '/category/deals/second-hand-deals', label: 'Second Hand Deals' },
  { to: '/category/mobile-phones-and-tablets', label: 'Phones & Telecom' },
] as const;

export function Header() {
  return (
    <header className="on-dark bg-brand-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-2 md:flex-nowrap">
        <Link
          id="brand-link"
          to="/"
          className="inline-flex min-h-tap items-center rounded-control text-2xl font-extrabold tracking-tight"
        >
          Dwa
        </Link>
        <SearchBox className="order-last w-full md:order-none md:max-w-xl md:flex-1" />
        <Link
          to="/cart"
          className="ml-auto inline-flex min-h-tap items-center gap-2 rounded-control px-2 font-semibold hover:text-gold-400"
        >
          <BagIcon />
          Cart
        </Link>
      </div>
      <nav aria-label="Featured" className="mx-auto max-w-6xl px-2 pb-1">
        {/* One row on every width: on small phones it scrolls sideways by itself. */}
        <ul className="flex overflow-x-auto whitespace-nowrap [scrollbar-width:none]">
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

function BagIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 7h12l1 14H5L6 7Z" />
      <path d="M9 7a3 3 0 0 1 6 0" />
    </svg>
  );
}
