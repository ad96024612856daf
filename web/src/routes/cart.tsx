import { useQueryClient } from '@tanstack/react-query';
import { LoadError } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { ListSkeleton } from '@/components/ui/skeleton';
import {
  cartItemsQueryKey,
  removeCartItem,
  updateCartItem,
  useCartItems,
  type CartItem,
} from '@/features/cart/api/cart-items';
import { invalidateProducts } from '@/features/catalog/api/get-product';
import { BagLine, unavailableReason } from '@/features/cart/components/bag-line';
import { WaitingChanges } from '@/features/cart/components/waiting-changes';
import { queueChange } from '@/features/cart/api/offline-queue';
import { BagSummary, pieceCount, subtotalPesewas } from '@/features/cart/components/bag-summary';
import { CheckoutForm } from '@/features/orders/components/checkout-form';
import { isOnline } from '@/lib/online';
import { useDocumentTitle } from '@/lib/use-document-title';

export const BAG_FAILED = 'Failed to load your shopping bag. Please try again.';
export const BAG_BLOCKED =
  'Some items in your bag are unavailable. Remove them or lower their quantity to check out.';

/** The shopping bag and checkout (spec §2 'Shopping bag and checkout', §4 Cart). */
export default function CartPage() {
  useDocumentTitle('Shopping Bag');
  const client = useQueryClient();
  const { data: items, isPending, isError, refetch } = useCartItems();

  // Spec §4: after a quantity update the list is re-fetched; after removal the line is dropped.
  // Offline, a change waits on the device (features/cart/api/offline-queue.ts) and the bag shows
  // it at once; the server's answer replaces the lines when it is sent.
  async function onQuantity(item: CartItem, quantity: number) {
    if (!isOnline()) {
      queueChange({ kind: 'quantity', itemId: item.id, quantity, name: item.product.name });
      client.setQueryData<readonly CartItem[]>(cartItemsQueryKey, (lines) =>
        lines?.map((line) => (line.id === item.id ? { ...line, quantity } : line)),
      );
      return;
    }
    await updateCartItem(item.id, quantity);
    await client.invalidateQueries({ queryKey: cartItemsQueryKey });
  }
  async function onRemove(item: CartItem) {
    if (isOnline()) await removeCartItem(item.id);
    else queueChange({ kind: 'remove', itemId: item.id, name: item.product.name });
    client.setQueryData<readonly CartItem[]>(cartItemsQueryKey, (lines) =>
      lines?.filter((line) => line.id !== item.id),
    );
  }

  let content;
  if (isPending) {
    content = (
      <Loading>
        <ListSkeleton />
      </Loading>
    );
  } else if (isError) {
    content = <LoadError text={BAG_FAILED} onRetry={() => void refetch()} />;
  } else if (items.length === 0) {
    content = (
      <div className="rounded-card bg-white p-6 text-center shadow-card">
        <p className="mb-4 text-lg">Your shopping bag is empty.</p>
        <ButtonLink to="/products">Continue Shopping</ButtonLink>
      </div>
    );
  } else {
    const blocked = items.some((item) => unavailableReason(item) !== null) ? BAG_BLOCKED : null;
    content = (
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <ul aria-label="Items in your bag" className="space-y-3">
          {items.map((item) => (
            <BagLine key={item.id} item={item} onQuantity={onQuantity} onRemove={onRemove} />
          ))}
        </ul>
        <BagSummary>
          <CheckoutForm
            blocked={blocked}
            lines={{ count: pieceCount(items), total: subtotalPesewas(items) }}
            bag={items.map((item) => ({
              store: item.product.store?.id ?? null,
              product: item.product.id,
              quantity: item.quantity,
            }))}
            onPlaced={() => {
              // The order took stock: shown products and lists must not keep the old figures.
              void invalidateProducts(client);
            }}
          />
        </BagSummary>
      </div>
    );
  }

  return (
    <>
      <PageHeading>Shopping Bag</PageHeading>
      <WaitingChanges />
      {content}
    </>
  );
}
