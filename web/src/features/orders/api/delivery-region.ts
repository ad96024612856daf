import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REGIONS, type Region } from '@/lib/regions';
import { meQueryKey, useMe, type Me } from '@/lib/auth/me';
import { useSignedIn } from '@/lib/auth/session';
import { saveDeliveryRegion } from './delivery';

/** Where the device remembers the shopper's region (DELIVERY.md). */
export const REGION_KEY = 'dwa.region';

function isRegion(value: string | null | undefined): value is Region {
  return !!value && Object.hasOwn(REGIONS, value);
}

function storedRegion(): Region | null {
  try {
    const value = window.localStorage.getItem(REGION_KEY);
    return isRegion(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The region delivery fees and dates are shown for: the one chosen on this device, else the
 * account's; `choose` remembers a new one in both (the account's save is best effort — the
 * device keeps it either way).
 */
export function useShopperRegion() {
  const client = useQueryClient();
  const signedIn = useSignedIn();
  const me = useMe({ enabled: signedIn }).data;
  const [chosen, setChosen] = useState(storedRegion);
  const account = signedIn && isRegion(me?.delivery_region) ? me.delivery_region : null;

  function choose(region: Region) {
    setChosen(region);
    try {
      window.localStorage.setItem(REGION_KEY, region);
    } catch {
      // no storage: the choice lasts this page
    }
    if (!signedIn) return;
    saveDeliveryRegion(region).then(
      (saved) => {
        client.setQueryData<Me>(meQueryKey, (old) => (old ? { ...old, ...saved } : saved));
      },
      () => undefined,
    );
  }

  return { region: chosen ?? account, choose };
}
