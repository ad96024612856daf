import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { ListSkeleton } from '@/components/ui/skeleton';

/** A back-office page: its heading, then a skeleton, the load failure with a retry, or the page. */
export function Loaded<T>({
  title,
  query,
  failed,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {query.isPending ? (
        <Loading>
          <ListSkeleton />
        </Loading>
      ) : query.isError ? (
        <LoadError text={failed} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </>
  );
}
