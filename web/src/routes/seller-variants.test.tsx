import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { categoryTree, sellerAt, sellerProduct } from '@/test/seller-fixtures';
import { server } from '@/test/server';

// The first look waits for the page's lazy chunks: slow on a busy machine.
const FIRST = { timeout: 25_000 };

const variant = (id: number, options: string[], fields: Record<string, unknown> = {}) => ({
  id,
  sku: '',
  options,
  unit_price: '100.00',
  inventory: 0,
  active: true,
  image_ids: [],
  ...fields,
});

const withOptions = {
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Red'] },
  ],
  variants: [variant(51, ['S', 'Red']), variant(52, ['M', 'Red'], { sku: 'TEE-M' })],
};

/** The edit page of product 12, answering its GET with `fields` and the two variant writes. */
function editPage(
  fields: Record<string, unknown>,
  {
    put = () => HttpResponse.json({}),
    patch = () => HttpResponse.json({}),
  }: {
    put?: (body: unknown) => Response;
    patch?: (body: unknown) => Response;
  } = {},
) {
  const sent = { put: [] as unknown[], patch: [] as unknown[] };
  server.use(
    http.get('/api/store/categories/', () => HttpResponse.json(categoryTree)),
    http.get('/api/seller/products/12/', () =>
      HttpResponse.json({ ...sellerProduct(12, { name: 'Kente Tee' }), ...fields }),
    ),
    http.put('/api/seller/products/12/options/', async ({ request }) => {
      const body = await request.json();
      sent.put.push(body);
      return put(body);
    }),
    http.patch('/api/seller/products/12/variants/', async ({ request }) => {
      const body = await request.json();
      sent.patch.push(body);
      return patch(body);
    }),
  );
  sellerAt('/seller/products/12');
  return sent;
}

describe('seller product options', { timeout: 60_000 }, () => {
  it('defines options with values as chips and saves them; the variants the server made show', async () => {
    const sent = editPage(
      { options: [], variants: [] },
      {
        put: () =>
          HttpResponse.json({ ...sellerProduct(12, { name: 'Kente Tee' }), ...withOptions }),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add option' }, FIRST));
    await user.type(screen.getByRole('textbox', { name: 'Option 1 name' }), 'Size');
    const values = screen.getByRole('textbox', { name: 'Add a value to Size' });
    await user.type(values, 'S,M{Enter}');
    await user.type(values, 's{Enter}'); // a repeat, ignoring case, is dropped
    const chips = screen.getByRole('list', { name: 'Values of Size' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['S', 'M']);
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 2 name' }), 'Colour');
    // A value left in the box is saved too.
    await user.type(screen.getByRole('textbox', { name: 'Add a value to Colour' }), 'Red');
    expect(screen.getByText('2 combinations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save options' }));
    expect(await screen.findByText(/Options saved/)).toBeInTheDocument();
    expect(sent.put).toEqual([
      {
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Red'] },
        ],
      },
    ]);
    const cards = screen.getByRole('list', { name: 'Variants' });
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['S · Red', 'M · Red']);
  });

  it('shows the server’s option errors next to the option', async () => {
    editPage(
      { options: [], variants: [] },
      {
        put: () =>
          HttpResponse.json(
            { 'options[0].values': ['Each value may have at most 30 characters.'] },
            { status: 400 },
          ),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add option' }, FIRST));
    await user.type(screen.getByRole('textbox', { name: 'Option 1 name' }), 'Size');
    await user.type(screen.getByRole('textbox', { name: 'Add a value to Size' }), 'XL{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save options' }));
    expect(
      await screen.findByRole('textbox', { name: 'Add a value to Size' }, FIRST),
    ).toHaveAccessibleDescription(
      expect.stringContaining('Each value may have at most 30 characters.') as string,
    );
  });
});

describe('seller bulk variant edit', { timeout: 60_000 }, () => {
  it('sets all prices and stock, and saves only what changed in one PATCH', async () => {
    const sent = editPage(withOptions, {
      patch: () =>
        HttpResponse.json({
          ...sellerProduct(12),
          ...withOptions,
          variants: [
            variant(51, ['S', 'Red'], { unit_price: '1250.00', inventory: 4 }),
            variant(52, ['M', 'Red'], { unit_price: '1250.00', inventory: 4, sku: 'TEE-M' }),
          ],
        }),
    });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Set all prices (GH₵)' }, FIRST),
      '1,250',
    );
    await user.click(screen.getAllByRole('button', { name: 'Apply' })[0] as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: 'Set all stock' }), '4');
    await user.click(screen.getAllByRole('button', { name: 'Apply' })[1] as HTMLElement);
    expect(screen.getByRole('textbox', { name: 'Price of M · Red' })).toHaveValue('1,250');
    await user.click(screen.getByRole('checkbox', { name: 'On sale: S · Red' }));
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    expect(await screen.findByText('Variants saved.')).toBeInTheDocument();
    expect(sent.patch).toEqual([
      {
        variants: [
          { id: 51, unit_price: '1250', inventory: 4, expected_inventory: 0, active: false },
          { id: 52, unit_price: '1250', inventory: 4, expected_inventory: 0 },
        ],
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Price of M · Red' })).toHaveValue('1,250.00');
  });

  it('puts each server error on its own variant card, by the PATCH entry it names', async () => {
    editPage(withOptions, {
      patch: () =>
        HttpResponse.json(
          { 'variants[0].sku': ['This SKU is already used in your store.'] },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    // Only the second variant changes: entry 0 of the PATCH is variant 52 (M · Red).
    const sku = await screen.findByRole('textbox', { name: 'SKU of M · Red' }, FIRST);
    await user.clear(sku);
    await user.type(sku, 'TEE-S');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    await waitFor(() => {
      expect(sku).toHaveAccessibleDescription('This SKU is already used in your store.');
    });
    expect(screen.getByRole('textbox', { name: 'SKU of S · Red' })).not.toHaveAccessibleDescription(
      'This SKU is already used in your store.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Variants' })).getByRole('alert'),
    ).toHaveTextContent('Please correct the fields marked below.');
  });

  it('checks prices and stock before sending', async () => {
    const sent = editPage(withOptions);
    const user = userEvent.setup();
    const stock = await screen.findByRole('textbox', { name: 'Stock of S · Red' }, FIRST);
    await user.clear(stock);
    await user.type(stock, '-1');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    expect(stock).toHaveAccessibleDescription('Enter a whole number from 0 to 1,000,000.');
    expect(sent.patch).toEqual([]);
  });

  it('says nothing changed when nothing did, and takes it back at the next edit', async () => {
    const sent = editPage(withOptions);
    const user = userEvent.setup();
    const stock = await screen.findByRole('textbox', { name: 'Stock of S · Red' }, FIRST);
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    expect(
      await screen.findByText('Nothing changed: there is nothing to save.'),
    ).toBeInTheDocument();
    await user.type(stock, '5');
    expect(
      screen.queryByText('Nothing changed: there is nothing to save.'),
    ).not.toBeInTheDocument();
    expect(sent.patch).toEqual([]);
  });
});
