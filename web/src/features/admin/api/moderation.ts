import { useQuery } from '@tanstack/react-query';
import { apiRequest, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type ModeratedReview = components['schemas']['ModeratedReview'];
export type ModeratedRating = components['schemas']['ModeratedRating'];

export const moderationQueryKey = ['admin', 'moderation'] as const;

/** The pending reviews and ratings, oldest first (`GET /api/admin/reviews/` and `…/ratings/`). */
export function usePendingModeration() {
  return useQuery({
    queryKey: moderationQueryKey,
    queryFn: async ({ signal }) => {
      const [reviews, ratings] = await Promise.all([
        apiRequest('get', '/admin/reviews/', { query: { status: 'pending' }, signal }),
        apiRequest('get', '/admin/ratings/', { query: { status: 'pending' }, signal }),
      ]);
      return { reviews: listItems(reviews), ratings: listItems(ratings) };
    },
    staleTime: 0,
  });
}

/** Approves or rejects one review or rating. */
export function moderate(kind: 'review' | 'rating', id: number, approve: boolean) {
  const action = approve ? 'approve' : 'reject';
  return kind === 'review'
    ? apiRequest('post', `/admin/reviews/{id}/${action}/`, { params: { id } })
    : apiRequest('post', `/admin/ratings/{id}/${action}/`, { params: { id } });
}
