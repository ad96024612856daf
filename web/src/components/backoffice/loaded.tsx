import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { ListSkeleton } from '@/components/ui/skeleton';

/**
 * What a query's part of a back-office page shows: a skeleton, the load failure with a retry, or
 * the content made from its data — under the page's heading when `title` is given. `skeleton`
 * replaces the list skeleton when the content is shaped otherwise.
 */
export function Loaded<T>({
  title,
  query,
  failed,
  skeleton = <ListSkeleton />,
  children,
}: {
  title?: string;
  skeleton?: ReactNode;
  query: UseQueryResult<T, unknown>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {title !== undefined && <PageHeading>{title}</PageHeading>}
      {query.isPending ? (
        <Loading>{skeleton}</Loading>
      ) : query.isError ? (
        <LoadError text={failed} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </>
  );
}
