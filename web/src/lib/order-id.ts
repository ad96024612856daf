/**
 * An order's id as shoppers, sellers and staff see it on every page: '#9F1C2B7E', the first block
 * of its UUID in capitals, enough to tell orders apart (issue 19, defect 8: one form everywhere).
 */
export function formatOrderId(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}
