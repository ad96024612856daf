import { Link } from 'react-router';

// Spec §2 Footer: social links. Plain links to the shop's public profiles, no widgets or
// third-party scripts (the CSP stays strict and nothing slows the page).
const socialLinks = [
  { name: 'Facebook', href: 'https://www.facebook.com/dwa.shop' },
  { name: 'Instagram', href: 'https://www.instagram.com/dwa.shop' },
  { name: 'X', href: 'https://x.com/dwa_shop' },
] as const;

function backToTop() {
  window.scrollTo({ top: 0 }); // smooth unless the user prefers reduced motion (index.css)
  document.getElementById('brand-link')?.focus({ preventScroll: true });
}

export default function Footer() {
  return (
    <footer className="mt-12 border-t border-line bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <div>
          <p className="text-xl font-extrabold text-brand-800">Dwa</p>
          <p className="mt-1 text-muted">
            Your online mall for Ghana: gadgets, gaming, phones and more, priced in GH₵.
          </p>
          <Link
            to="/stores"
            className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            Browse all stores
          </Link>
        </div>
        <div>
          <h2 className="font-semibold">Support</h2>
          <p className="mt-1 text-muted">
            A question about an order or your account?{' '}
            <Link
              to="/forgot-password"
              className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
            >
              Contact support
            </Link>
          </p>
        </div>
        <div>
          <h2 className="font-semibold">Follow us</h2>
          <ul className="mt-1 flex flex-wrap gap-x-4">
            {socialLinks.map(({ name, href }) => (
              <li key={name}>
                <a
                  href={href}
                  rel="noopener"
                  className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <p className="text-sm text-muted">
            © {new Date().getFullYear()} Dwa. All rights reserved.
          </p>
          <button
            type="button"
            onClick={backToTop}
            className="inline-flex min-h-tap items-center gap-1 rounded-control px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Back to top <span aria-hidden="true">↑</span>
          </button>
        </div>
      </div>
    </footer>
  );
}
