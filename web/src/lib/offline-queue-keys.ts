// Where the changes made offline wait and where refusals are kept (docs/decisions/0026), apart
// from the queues' code: deciding whether the offline parts must start at once (pwa-schedule.ts)
// reads them on every page without loading the queues.
export const QUEUE_KEY = 'dwa-bag-queue';
export const REFUSED_KEY = 'dwa-bag-refused';
export const WISHLIST_QUEUE_KEY = 'dwa-wishlist-queue';
export const WISHLIST_REFUSED_KEY = 'dwa-wishlist-refused';
