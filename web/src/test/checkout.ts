import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Types a new delivery address in Accra into a checkout form; `phone` as the shopper types it. */
export async function fillAddress(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  { phone = '0241234567', area = ' 12 Ring Rd ' } = {},
) {
  await user.type(await within(form).findByLabelText("Recipient's name"), 'Kofi Mensah');
  await user.type(within(form).getByLabelText('Phone number'), phone);
  await user.selectOptions(within(form).getByLabelText('Region'), 'greater-accra');
  await user.type(within(form).getByLabelText('City or town'), 'Accra');
  await user.type(within(form).getByLabelText('Area and street'), area);
}
