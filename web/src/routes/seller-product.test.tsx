import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryTree, sellerAt, sellerProduct } from '@/test/seller-fixtures';
import { server } from '@/test/server';

function withCategories() {
  server.use(http.get('/api/store/categories/', () => HttpResponse.json(categoryTree)));
}

const select = (name: string) => screen.getByRole('combobox', { name });
const optionNames = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

describe('add product', () => {
  it('checks the fields before sending and moves the focus to the first error', async () => {
    let posts = 0;
    withCategories();
    server.use(
      http.post('/api/seller/products/', () => {
        posts += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    sellerAt('/seller/products/new');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add product' }),
    ).toBeInTheDocument();
    const stock = screen.getByRole('textbox', { name: 'Stock' });
    await user.clear(stock);
    await user.type(stock, '1000001');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    const name = screen.getByRole('textbox', { name: 'Product name' });
    expect(name).toHaveAccessibleDescription('Enter the product name.');
    expect(name).toHaveFocus();
    expect(select('Main category')).toHaveAccessibleDescription('Choose a category.');
    expect(screen.getByRole('textbox', { name: 'Price (GH₵)' })).toHaveAccessibleDescription(
      'In GH₵, e.g. 1,234.50 Enter a price in GH₵ like 1,234.50.',
    );
    expect(stock).toHaveAccessibleDescription(
      'Items you can send, 0 to 1,000,000. Enter a whole number from 0 to 1,000,000.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    expect(posts).toBe(0);
  });

  it.each([
    ['12,34', 'Enter a price in GH₵ like 1,234.50.'],
    ['1.234', 'Enter a price in GH₵ like 1,234.50.'],
    ['0.00', 'The price must be more than GH₵ 0.00.'],
  ])('rejects the price %s', async (typed, message) => {
    withCategories();
    sellerAt('/seller/products/new');
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: 'Price (GH₵)' });
    await user.type(price, typed);
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(price).toHaveAccessibleDescription(`In GH₵, e.g. 1,234.50 ${message}`);
    expect(price).toBeInvalid();
  });

  it('offers each category level from the level above, and clears the levels under a change', async () => {
    withCategories();
    sellerAt('/seller/products/new');
    const user = userEvent.setup();
    await waitFor(() => {
      expect(select('Main category')).toBeEnabled();
    });
    expect(optionNames('Main category')).toEqual(['Choose…', 'Gaming', 'Phones']);
    expect(select('Subcategory')).toBeDisabled();
    expect(select('Sub-subcategory')).toBeDisabled();

    await user.selectOptions(select('Main category'), 'Gaming');
    expect(select('Subcategory')).toBeEnabled();
    expect(optionNames('Subcategory')).toEqual(['None (optional)', 'Consoles', 'Games']);
    expect(select('Sub-subcategory')).toBeDisabled();

    await user.selectOptions(select('Subcategory'), 'Consoles');
    expect(optionNames('Sub-subcategory')).toEqual(['None (optional)', 'Xbox', 'PlayStation']);
    await user.selectOptions(select('Sub-subcategory'), 'PlayStation');
    expect(select('Sub-subcategory')).toHaveValue('10');

    await user.selectOptions(select('Subcategory'), 'Games');
    expect(select('Sub-subcategory')).toHaveValue('');
    expect(select('Sub-subcategory')).toBeDisabled();

    await user.selectOptions(select('Main category'), 'Phones');
    expect(select('Subcategory')).toHaveValue('');
    expect(select('Subcategory')).toBeDisabled();
  });

  it('sends the product and opens it with a notice', async () => {
    let sent: unknown;
    withCategories();
    server.use(
      http.post('/api/seller/products/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sellerProduct(77, { name: 'PS5 Slim' }), { status: 201 });
      }),
      http.get('/api/seller/products/77/', () =>
        HttpResponse.json(sellerProduct(77, { name: 'PS5 Slim' })),
      ),
    );
    const { location } = sellerAt('/seller/products/new');
    const user = userEvent.setup();
    await waitFor(() => {
      expect(select('Main category')).toBeEnabled();
    });
    await user.type(screen.getByRole('textbox', { name: 'Product name' }), ' PS5 Slim ');
    await user.selectOptions(select('Main category'), 'Gaming');
    await user.selectOptions(select('Subcategory'), 'Consoles');
    await user.type(screen.getByRole('textbox', { name: 'Price (GH₵)' }), '7,499.5');
    const stock = screen.getByRole('textbox', { name: 'Stock' });
    await user.clear(stock);
    await user.type(stock, '4');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Fast and quiet');
    await user.click(screen.getByRole('switch', { name: 'Active: shown in the shop' }));
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => {
      expect(location.current.pathname).toBe('/seller/products/77');
    });
    expect(sent).toEqual({
      name: 'PS5 Slim',
      category_id: 1,
      subcategory_id: 5,
      price: '7,499.5',
      inventory: 4,
      description: 'Fast and quiet',
      specification: '',
      is_active: false,
    });
    expect(await screen.findByRole('heading', { name: 'Edit product' })).toBeInTheDocument();
    expect(await screen.findByText('Product added.')).toBeInTheDocument();
  });

  it('shows the server field errors under their fields', async () => {
    withCategories();
    server.use(
      http.post('/api/seller/products/', () =>
        HttpResponse.json(
          {
            price: ['Enter a price in GH₵ like 1,234.50.'],
            name: ['This field may not be blank.'],
            sub_subcategory_id: ['Not a child of the chosen subcategory.'],
            non_field_errors: ['Your store is suspended.'],
          },
          { status: 400 },
        ),
      ),
    );
    sellerAt('/seller/products/new');
    const user = userEvent.setup();
    await waitFor(() => {
      expect(select('Main category')).toBeEnabled();
    });
    await user.type(screen.getByRole('textbox', { name: 'Product name' }), 'X');
    await user.selectOptions(select('Main category'), 'Gaming');
    await user.type(screen.getByRole('textbox', { name: 'Price (GH₵)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your store is suspended.');
    const name = screen.getByRole('textbox', { name: 'Product name' });
    expect(name).toHaveAccessibleDescription('This field may not be blank.');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Price (GH₵)' })).toHaveAccessibleDescription(
      'In GH₵, e.g. 1,234.50 Enter a price in GH₵ like 1,234.50.',
    );
    expect(select('Sub-subcategory')).toHaveAccessibleDescription(
      'Not a child of the chosen subcategory.',
    );
  });

  it('formats the description with the toolbar', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    withCategories();
    sellerAt('/seller/products/new');
    const user = userEvent.setup();
    const toolbar = await screen.findByRole('toolbar', { name: 'Description formatting' });
    await user.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    expect(execCommand).toHaveBeenLastCalledWith('bold', false, undefined);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveFocus();
    await user.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
    expect(execCommand).toHaveBeenLastCalledWith('insertUnorderedList', false, undefined);
    await user.click(within(toolbar).getByRole('button', { name: 'Heading' }));
    expect(execCommand).toHaveBeenLastCalledWith('formatBlock', false, '<h3>');
  });
});

describe('edit product', () => {
  it('fills the form from the product and saves the changes', async () => {
    let sent: unknown;
    withCategories();
    server.use(
      http.get('/api/seller/products/12/', () =>
        HttpResponse.json(sellerProduct(12, { name: 'DualSense', unit_price: '1234.50' })),
      ),
      http.patch('/api/seller/products/12/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          sellerProduct(12, { name: 'DualSense', unit_price: '1300.00', inventory: 30 }),
        );
      }),
    );
    sellerAt('/seller/products/12');
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: 'Price (GH₵)' });
    expect(price).toHaveValue('1,234.50');
    expect(screen.getByRole('textbox', { name: 'Product name' })).toHaveValue('DualSense');
    expect(screen.getByRole('textbox', { name: 'Stock' })).toHaveValue('25');
    expect(screen.getByRole('textbox', { name: 'Description' })).toContainHTML(
      '<p>A good product.</p>',
    );
    await waitFor(() => {
      expect(select('Sub-subcategory')).toHaveValue('9');
    });
    expect(select('Main category')).toHaveValue('1');
    expect(select('Subcategory')).toHaveValue('5');

    await user.clear(price);
    await user.type(price, '1300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    // Only what the seller changed: an unchanged stock is never sent (it would undo the orders
    // placed since the form loaded).
    expect(sent).toEqual({ price: '1300' });
    expect(price).toHaveValue('1,300.00');
    expect(screen.getByRole('textbox', { name: 'Stock' })).toHaveValue('30');
  });

  it('sends a brand and a deal, refusing a deal price not above the price before sending', async () => {
    let sent: unknown;
    withCategories();
    server.use(
      http.get('/api/seller/products/12/', () =>
        HttpResponse.json(sellerProduct(12, { unit_price: '1234.50' })),
      ),
      http.patch('/api/seller/products/12/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          sellerProduct(12, { unit_price: '1234.50', was_price: '1500.00', brand: 'Sony' }),
        );
      }),
    );
    sellerAt('/seller/products/12');
    const user = userEvent.setup();
    const was = await screen.findByRole('textbox', { name: /Price before the deal/ });
    await user.type(was, '1,000');
    await user.type(screen.getByRole('textbox', { name: /Brand/ }), 'Sony');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The price before the deal must be higher than the price.'),
    ).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(was);
    await user.type(was, '1,500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(sent).toEqual({ was_price: '1,500', brand: 'Sony' });
    expect(was).toHaveValue('1,500.00');
  });

  it('sends a new stock with the stock it loaded, and reloads it when orders changed it', async () => {
    const sent: unknown[] = [];
    let stockNow = 23; // two units sold since the form loaded 25
    withCategories();
    server.use(
      http.get('/api/seller/products/12/', () =>
        HttpResponse.json(sellerProduct(12, { inventory: stockNow })),
      ),
    );
    sellerAt('/seller/products/12');
    const stock = await screen.findByRole('textbox', { name: 'Stock' });
    expect(stock).toHaveValue('23');
    stockNow = 21;
    server.use(
      http.patch('/api/seller/products/12/', async ({ request }) => {
        const body = (await request.json()) as { inventory: number; expected_inventory: number };
        sent.push(body);
        if (body.expected_inventory !== stockNow) {
          return HttpResponse.json(
            {
              detail: `Stock changed to ${String(stockNow)} since you opened this product: check it and save again.`,
              code: 'stock_changed',
            },
            { status: 409 },
          );
        }
        stockNow = body.inventory;
        return HttpResponse.json(sellerProduct(12, { inventory: stockNow }));
      }),
    );
    const user = userEvent.setup();
    await user.clear(stock);
    await user.type(stock, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Failed to save the product. Stock changed to 21 since you opened this product: check it and save again.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ inventory: 40, expected_inventory: 23 }]);

    await user.click(screen.getByRole('button', { name: 'Reload the stock' }));
    expect(
      await screen.findByText('Stock reloaded: change it again if you need to, then save.'),
    ).toBeInTheDocument();
    expect(stock).toHaveValue('21');
    expect(screen.queryByRole('button', { name: 'Reload the stock' })).not.toBeInTheDocument();
    await user.clear(stock);
    await user.type(stock, '38');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(sent[1]).toEqual({ inventory: 38, expected_inventory: 21 });
    expect(stock).toHaveValue('38');
  });

  it('deactivates after confirming', async () => {
    let deletes = 0;
    withCategories();
    server.use(
      http.get('/api/seller/products/12/', () =>
        HttpResponse.json(sellerProduct(12, { name: 'DualSense' })),
      ),
      http.delete('/api/seller/products/12/', () => {
        deletes += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    sellerAt('/seller/products/12');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate DualSense?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep on sale' }));
    expect(deletes).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate DualSense?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    expect(
      await screen.findByText('Product deactivated: it is no longer shown in the shop.'),
    ).toBeInTheDocument();
    expect(deletes).toBe(1);
    expect(screen.getByRole('switch', { name: 'Active: shown in the shop' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('says when the product is not the store’s', async () => {
    withCategories();
    server.use(
      http.get('/api/seller/products/99/', () =>
        HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    sellerAt('/seller/products/99');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute(
      'href',
      '/seller/products',
    );
  });
});
