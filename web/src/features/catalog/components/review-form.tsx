import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Stepper } from '@/components/ui/stepper';
import { ApiError } from '@/lib/api/client';
import { getAccessToken } from '@/lib/auth/tokens';
import { productQueryKey } from '../api/get-product';
import { postReview } from '../api/post-review';

const NEED_LOGIN = 'You need to log in to submit a review and rating.';
const PURCHASE_REQUIRED = 'You must purchase the product before leaving a review.';

/** The text for a failed submission (spec §6, §8). */
export function reviewErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return NEED_LOGIN;
  if (error instanceof ApiError && error.status === 403) {
    const detail = (error.body as { detail?: unknown } | undefined)?.detail;
    return typeof detail === 'string' && detail !== '' ? detail : PURCHASE_REQUIRED;
  }
  return 'Failed to submit review. Please try again.';
}

/**
 * 'Add Your Review' (spec §4, §5): needs a signed-in shopper, a non-blank text and a rating
 * (stepper 1–5, default 1). Reviews wait for moderation before anyone sees them.
 */
export function ReviewForm({ productId }: { productId: number }) {
  const client = useQueryClient();
  const [review, setReview] = useState('');
  const [rating, setRating] = useState(1);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const textId = useId();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!getAccessToken()) {
      setMessage({ text: NEED_LOGIN, ok: false });
      return;
    }
    if (review.trim() === '' || rating <= 0) {
      setMessage({ text: 'Please provide both a review and a rating.', ok: false });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await postReview(productId, review.trim(), rating);
      setMessage({ text: 'Review submitted and pending verification.', ok: true });
      setReview('');
      setRating(1);
      void client.invalidateQueries({ queryKey: productQueryKey(productId) });
    } catch (error) {
      setMessage({ text: reviewErrorMessage(error), ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <div>
        <label htmlFor={textId} className="mb-1 block font-semibold">
          Your Review
        </label>
        <textarea
          id={textId}
          value={review}
          onChange={(e) => {
            setReview(e.target.value);
          }}
          rows={4}
          maxLength={5000}
          className="w-full rounded-control border border-line p-3"
        />
      </div>
      <Stepper
        label="Rating"
        value={rating}
        min={1}
        max={5}
        onChange={setRating}
        format={(r) => `${r} / 5`}
      />
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'font-semibold text-brand-700' : 'text-danger-700'}
        >
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Submitting…' : 'Submit Review'}
      </Button>
    </form>
  );
}
