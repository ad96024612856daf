import type { Network } from './api/payments';

/** The networks the shop charges, by Paystack's provider code, with what each prompt asks. */
export const NETWORKS: readonly { code: Network; name: string; approve: string }[] = [
  {
    code: 'mtn',
    name: 'MTN MoMo',
    approve:
      'Enter your MoMo PIN on the prompt. No prompt? Dial *170#, choose My Wallet, then My Approvals.',
  },
  {
    code: 'vod',
    name: 'Telecel Cash',
    approve: 'Enter your Telecel Cash PIN on the prompt.',
  },
  {
    code: 'atl',
    name: 'AirtelTigo Money',
    approve: 'Enter your AirtelTigo Money PIN on the prompt.',
  },
];

/** The network a charge names, for its display name and approval hint; undefined if unknown. */
export function networkNamed(code: Network | undefined) {
  return NETWORKS.find((n) => n.code === code);
}

/**
 * Ghana mobile prefixes by network — the same table as the server's (internal/shop/momo.go).
 * A ported number keeps its network, so this is only the first guess: the shopper can change it.
 */
const PREFIXES: Record<string, Network> = {
  '024': 'mtn',
  '025': 'mtn',
  '053': 'mtn',
  '054': 'mtn',
  '055': 'mtn',
  '059': 'mtn',
  '020': 'vod',
  '050': 'vod',
  '026': 'atl',
  '027': 'atl',
  '056': 'atl',
  '057': 'atl',
};

/** The network a typed number's prefix suggests (spaces, dashes and +233 allowed), or null. */
export function networkOf(phone: string): Network | null {
  let digits = phone.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+233')) digits = '0' + digits.slice(4);
  else if (digits.startsWith('233') && digits.length === 12) digits = '0' + digits.slice(3);
  return PREFIXES[digits.slice(0, 3)] ?? null;
}
