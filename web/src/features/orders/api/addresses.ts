import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Address = components['schemas']['Address'];
export type AddressSnapshot = components['schemas']['AddressSnapshot'];
export type AddressFields = components['schemas']['AddressFields'];

export const addressesQueryKey = ['addresses'] as const;

/** `GET /api/auth/users/me/addresses/` — the address book, the default first. */
export function useAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: addressesQueryKey,
    queryFn: ({ signal }) => apiGet('/auth/users/me/addresses/', { signal }),
    enabled,
  });
}

/** `POST /api/auth/users/me/addresses/` — saves an address (at most 20). */
export function createAddress(body: components['schemas']['AddressInput']) {
  return apiRequest('post', '/auth/users/me/addresses/', { body });
}

/** `PATCH /api/auth/users/me/addresses/{id}/` — changes the fields sent, or makes it the default. */
export function updateAddress(id: number, body: Partial<AddressFields> & { is_default?: boolean }) {
  return apiRequest('patch', '/auth/users/me/addresses/{id}/', { params: { id }, body });
}

/** `DELETE /api/auth/users/me/addresses/{id}/` — orders placed with it keep their copy. */
export async function deleteAddress(id: number) {
  await apiRequest('delete', '/auth/users/me/addresses/{id}/', { params: { id } });
}

/**
 * The server's field errors of an address, by field: `prefix` is `address.` inside an order.
 * Empty when the failure is not about the fields.
 */
export function addressErrors(
  error: unknown,
  prefix = '',
): Partial<Record<keyof AddressFields, string>> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null)
    return {};
  const out: Partial<Record<keyof AddressFields, string>> = {};
  for (const [key, value] of Object.entries(error.body)) {
    if (!key.startsWith(prefix) || !Array.isArray(value)) continue;
    out[key.slice(prefix.length) as keyof AddressFields] = value.map(String).join(' ');
  }
  return out;
}

/** One line of an address for a list: area, city, region and digital address. */
export function addressLine(a: AddressSnapshot): string {
  return [a.area, a.city, `${a.region_name} Region`, a.digital_address].filter(Boolean).join(', ');
}
