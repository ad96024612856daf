import { useQuery } from '@tanstack/react-query';
import { apiRequest, listItems, type RequestBody } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

// Staff's delivery tables (decision 0024): the zones that price and date door delivery, the
// pickup stations shoppers may choose instead, and the public holidays that promised dates skip.

export type DeliveryZone = components['schemas']['DeliveryZone'];
export type PickupStation = components['schemas']['AdminPickupPoint'];
export type Holiday = components['schemas']['Holiday'];
export type ZoneInput = RequestBody<'post', '/admin/delivery/zones/'>;
export type StationInput = RequestBody<'post', '/admin/delivery/pickup-points/'>;

export const deliveryZonesQueryKey = ['admin', 'delivery', 'zones'] as const;
export const pickupStationsQueryKey = ['admin', 'delivery', 'pickup-points'] as const;
export const holidaysQueryKey = ['admin', 'delivery', 'holidays'] as const;

/** `GET /api/admin/delivery/zones/` — every zone, by region then city. */
export function useDeliveryZones() {
  return useQuery({
    queryKey: deliveryZonesQueryKey,
    queryFn: async ({ signal }) =>
      listItems(await apiRequest('get', '/admin/delivery/zones/', { signal })),
    staleTime: 0,
  });
}

export function createZone(body: ZoneInput) {
  return apiRequest('post', '/admin/delivery/zones/', { body });
}

export function updateZone(id: number, body: ZoneInput) {
  return apiRequest('patch', '/admin/delivery/zones/{id}/', { params: { id }, body });
}

export async function deleteZone(id: number) {
  await apiRequest('delete', '/admin/delivery/zones/{id}/', { params: { id } });
}

/** `GET /api/admin/delivery/pickup-points/` — every station, active or not. */
export function usePickupStations() {
  return useQuery({
    queryKey: pickupStationsQueryKey,
    queryFn: async ({ signal }) =>
      listItems(await apiRequest('get', '/admin/delivery/pickup-points/', { signal })),
    staleTime: 0,
  });
}

export function createStation(body: StationInput) {
  return apiRequest('post', '/admin/delivery/pickup-points/', { body });
}

export function updateStation(id: number, body: StationInput) {
  return apiRequest('patch', '/admin/delivery/pickup-points/{id}/', { params: { id }, body });
}

export async function deleteStation(id: number) {
  await apiRequest('delete', '/admin/delivery/pickup-points/{id}/', { params: { id } });
}

/** `GET /api/admin/delivery/holidays/` — the coming holidays and those of the past year. */
export function useHolidays() {
  return useQuery({
    queryKey: holidaysQueryKey,
    queryFn: async ({ signal }) =>
      listItems(await apiRequest('get', '/admin/delivery/holidays/', { signal })),
    staleTime: 0,
  });
}

export function createHoliday(body: { day: string; name: string }) {
  return apiRequest('post', '/admin/delivery/holidays/', { body });
}

export async function deleteHoliday(day: string) {
  await apiRequest('delete', '/admin/delivery/holidays/{day}/', { params: { day } });
}
