import { apiRequest } from '@/lib/api/client';

/**
 * Sends a review and its rating together (spec §7: `POST …/reviews/` and `POST …/ratings/` in
 * parallel). Both wait for moderation; the first failure is the answer.
 */
export async function postReview(productId: number, review: string, rating: number) {
  const params = { id: productId };
  await Promise.all([
    apiRequest('post', '/store/products/{id}/reviews/', { params, body: { review } }),
    apiRequest('post', '/store/products/{id}/ratings/', { params, body: { rating } }),
  ]);
}
