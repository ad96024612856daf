import type { components } from '@/lib/api/schema';

export type Region = components['schemas']['Region'];

/** Ghana's sixteen regions by code, as the API names them (decision 0023). */
export const REGIONS: Record<Region, string> = {
  ahafo: 'Ahafo',
  ashanti: 'Ashanti',
  bono: 'Bono',
  'bono-east': 'Bono East',
  central: 'Central',
  eastern: 'Eastern',
  'greater-accra': 'Greater Accra',
  'north-east': 'North East',
  northern: 'Northern',
  oti: 'Oti',
  savannah: 'Savannah',
  'upper-east': 'Upper East',
  'upper-west': 'Upper West',
  volta: 'Volta',
  western: 'Western',
  'western-north': 'Western North',
};
