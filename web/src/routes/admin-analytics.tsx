import { useQuery } from '@tanstack/react-query';
import { DayChart } from '@/components/backoffice/day-chart';
import { Loaded } from '@/components/backoffice/loaded';
import { apiRequest } from '@/lib/api/client';
import { useDocumentTitle } from '@/lib/use-document-title';

export const ANALYTICS_FAILED = 'Failed to load the analytics. Please try again.';
const DAYS = 30;
const count = (n: number) => n.toLocaleString('en-GH');

/**
 * Staff: page views and visitors per day over 30 days, the top pages, where visitors came from and
 * the searches that found nothing.
 */
export default function AdminAnalyticsPage() {
  useDocumentTitle('Analytics');
  const query = useQuery({
    queryKey: ['admin', 'analytics', DAYS],
    queryFn: ({ signal }) =>
      apiRequest('get', '/admin/analytics/summary/', { query: { days: DAYS }, signal }),
    staleTime: 60_000,
  });
  return (
    <Loaded title="Analytics" query={query} failed={ANALYTICS_FAILED}>
      {(data) => (
        <>
          <p className="mb-4 text-muted">
            The last {data.days} days: {count(data.pageviews)} page views by {count(data.visitors)}{' '}
            visitors (people, not bots; visitors are counted once a day).
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            <DayChart
              title="Page views per day"
              unit="Views"
              total="Views in all"
              kind="bars"
              format={count}
              points={data.daily.map((d) => ({ date: d.date, value: d.pageviews }))}
            />
            <DayChart
              title="Visitors per day"
              unit="Visitors"
              total="Visitor-days in all"
              kind="line"
              format={count}
              points={data.daily.map((d) => ({ date: d.date, value: d.visitors }))}
            />
          </div>
          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <Top
              title="Top pages"
              head="Page"
              rows={data.top_paths.map((p) => [p.path, p.pageviews])}
            />
            <Top
              title="Where visitors came from"
              head="Site"
              rows={data.top_referrers.map((r) => [r.host, r.pageviews])}
            />
            <Top
              title="Top searches with no results"
              note="What shoppers looked for and the shop still does not have — worth stocking."
              head="Search"
              unit="Visitors"
              rows={data.top_missed_searches.map((m) => [m.query, m.visitors])}
            />
          </div>
        </>
      )}
    </Loaded>
  );
}

function Top({
  title,
  note,
  head,
  unit = 'Views',
  rows,
}: {
  title: string;
  note?: string;
  head: string;
  unit?: string;
  rows: [string, number][];
}) {
  return (
    <section aria-label={title} className="rounded-card bg-white p-4 shadow-card">
      <h2 className="mb-2 text-lg font-bold">{title}</h2>
      {note && <p className="mb-2 text-sm text-muted">{note}</p>}
      {rows.length === 0 ? (
        <p className="text-muted">Nothing yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-1">
                {head}
              </th>
              <th scope="col" className="py-1 text-right">
                {unit}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, views]) => (
              <tr key={name} className="border-t border-line">
                <td className="py-1 break-all">{name}</td>
                <td className="py-1 text-right">{count(views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
