import { NavLink, useLocation } from 'react-router';
import { ScrollRow } from '@/components/ui/scroll-row';
import { cx } from '@/lib/cx';

// components/backoffice holds the building blocks of the Seller Centre and the staff area. It stays
// out of the storefront's shared `app` chunk (vite.config.ts): shoppers never load it.

export interface Section {
  to: string;
  label: string;
  /** Active only on exactly this path (an index page), not below it. */
  end: boolean;
}

/** The tabs of an area of the shop (Seller Centre, staff): its name above, one link per section. */
export function SectionNav({
  area,
  label,
  sections,
}: {
  area: string;
  label: string;
  sections: readonly Section[];
}) {
  const { pathname } = useLocation();
  return (
    <div className="mb-6 border-b border-line">
      <p className="text-sm font-semibold text-muted">{area}</p>
      <ScrollRow label={label} current={pathname} className="-mb-px">
        <ul className="flex gap-1 whitespace-nowrap">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  cx(
                    'inline-flex min-h-tap items-center border-b-2 px-3 font-semibold',
                    isActive
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-muted hover:text-brand-700',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </ScrollRow>
    </div>
  );
}
