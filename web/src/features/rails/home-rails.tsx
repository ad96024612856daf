import type { CardProduct } from '@/components/product-card';
import { listRail, productsByID, RAIL_FIELDS, RAIL_SIZE } from './rail-sources';
import { ProductRail } from './product-rail';
import { recentlyViewed } from '@/lib/recently-viewed';

/** "Top rated" counts a product once this many shoppers rated it: one 5 is not a top rating. */
export const TOP_RATED_MIN_RATINGS = 3;

type Deal = CardProduct & { was_price?: string | null };

/** A deal is a product whose price before the deal is above its price now. */
function onDeal(p: Deal) {
  return p.was_price != null && Number(p.was_price) > Number(p.unit_price);
}

/** The home page's rails below the hero and the categories (issue 19), each loading lazily. */
export default function HomeRails() {
  return (
    <>
      <ProductRail
        title="Today's deals"
        queryKey={['deals']}
        seeAll="/products?on_sale=true&ordering=-discount"
        load={async (signal) =>
          (
            (await listRail({ on_sale: 'true', ordering: '-discount' }, signal, {
              fields: `${RAIL_FIELDS},was_price`,
            })) as Deal[]
          ).filter(onDeal)
        }
      />
      <ProductRail
        title="New arrivals"
        queryKey={['new']}
        seeAll="/products?ordering=-date_created"
        load={(signal) => listRail({ ordering: '-date_created' }, signal)}
      />
      <ProductRail
        title="Top rated"
        queryKey={['top-rated']}
        seeAll="/products?ordering=-average_rating"
        load={async (signal) =>
          (
            await listRail({ ordering: '-average_rating,-date_created' }, signal, {
              size: 5 * RAIL_SIZE,
            })
          )
            .filter((p) => (p.ratings_count ?? 0) >= TOP_RATED_MIN_RATINGS)
            .slice(0, RAIL_SIZE)
        }
      />
      <ProductRail
        title="Best sellers"
        queryKey={['best-sellers']}
        seeAll="/products?ordering=-sold"
        load={(signal) => listRail({ ordering: '-sold' }, signal)}
      />
      <RecentlyViewedRail />
    </>
  );
}

function RecentlyViewedRail() {
  const ids = recentlyViewed();
  if (ids.length === 0) return null;
  return (
    <ProductRail
      title="Recently viewed"
      queryKey={['recent', ...ids]}
      load={(signal) => productsByID(ids, signal)}
    />
  );
}
