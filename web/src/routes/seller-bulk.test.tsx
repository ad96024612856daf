import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, sellerAt, sellerProduct } from '@/test/seller-fixtures';
import { server } from '@/test/server';

function twoProducts() {
  server.use(
    http.get('/api/seller/products/', () =>
      HttpResponse.json(
        page([
          sellerProduct(12, { name: 'DualSense Controller' }),
          sellerProduct(13, { name: 'Old Console' }),
        ]),
      ),
    ),
  );
}

/** Records the bodies of bulk actions and answers each with `answer`. */
function bulkAnswers(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/seller/products/bulk/', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('bulk actions on the product list', () => {
  it('chooses products, all on the page at once, and deactivates them', async () => {
    twoProducts();
    const bodies = bulkAnswers(() => HttpResponse.json({ changed: 2 }));
    sellerAt('/seller/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose DualSense Controller' }));
    const bar = screen.getByRole('region', { name: 'Chosen products' });
    expect(within(bar).getByText('1 product chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose all on this page' }));
    expect(within(bar).getByText('2 products chosen')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Changed 2 products.')).toBeInTheDocument();
    expect(bodies).toEqual([{ action: 'deactivate', ids: [12, 13] }]);
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Chosen products' })).not.toBeInTheDocument();
    });
  });

  it('changes prices by a percent and shows each refused product, keeping the dialog', async () => {
    twoProducts();
    const bodies = bulkAnswers(() =>
      HttpResponse.json(
        {
          code: 'bulk_refused',
          detail: 'Nothing was changed: some products cannot take this action.',
          products: [{ id: 13, field: 'price', message: 'The price would fall below GH₵ 0.01.' }],
        },
        { status: 422 },
      ),
    );
    sellerAt('/seller/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Price…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the price' });
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a percent, like -10.');
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText('Percent'), '-100');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nothing was changed. Old Console: The price would fall below GH₵ 0.01.',
    );
    expect(bodies).toEqual([{ action: 'change_price', percent: '-100', ids: [12, 13] }]);
  });

  it('adds to the stock', async () => {
    twoProducts();
    const bodies = bulkAnswers(() => HttpResponse.json({ changed: 1 }));
    sellerAt('/seller/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Old Console' }));
    await user.click(screen.getByRole('button', { name: 'Stock…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the stock' });
    await user.selectOptions(within(dialog).getByLabelText('How'), 'add_stock');
    await user.type(within(dialog).getByLabelText('Units'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Changed 1 product.')).toBeInTheDocument();
    expect(bodies).toEqual([{ action: 'add_stock', stock: 5, ids: [13] }]);
  });
});

const csv = (text: string) => new File([text], 'products.csv', { type: 'text/csv' });

describe('product import', () => {
  it('checks a file, lists its problems and keeps Apply off; a clean file is then applied', async () => {
    const sent: { query: string; body: string; type: string | null }[] = [];
    let clean = false;
    server.use(
      http.post('/api/seller/products/import/', async ({ request }) => {
        const url = new URL(request.url);
        sent.push({
          query: url.search,
          body: await request.text(),
          type: request.headers.get('Content-Type'),
        });
        const dry = url.searchParams.get('dry_run') === '1';
        if (!clean)
          return HttpResponse.json({
            dry_run: true,
            applied: false,
            rows: 2,
            created: 0,
            updated: 0,
            unchanged: 0,
            problems: [
              { row: 3, column: 'price', message: 'Enter a price in GH₵ like 1,234.50.' },
              { row: 3, column: '', message: 'Row 2 is the same product.' },
            ],
          });
        return HttpResponse.json({
          dry_run: dry,
          applied: !dry,
          rows: 2,
          created: 1,
          updated: 1,
          unchanged: 0,
          problems: [],
        });
      }),
    );
    sellerAt('/seller/products/import');
    const user = userEvent.setup();
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    await user.upload(screen.getByLabelText('CSV file'), csv('sku,price\nA,x\n'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 3, price: Enter a price in GH₵ like 1,234.50.',
      'Row 3: Row 2 is the same product.',
    ]);
    expect(screen.getByText(/2 problems in 2 rows: nothing was changed/)).toBeInTheDocument();
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    expect(sent).toEqual([{ query: '?dry_run=1', body: 'sku,price\nA,x\n', type: 'text/csv' }]);

    clean = true;
    await user.upload(screen.getByLabelText('CSV file'), csv('sku,price\nA,1.00\n'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(
      await screen.findByText(
        'No problems in 2 rows: 1 new product, 1 changed product, 0 unchanged rows. Apply to make the changes.',
      ),
    ).toBeInTheDocument();
    await user.click(apply);
    expect(
      await screen.findByText('Done: 1 new product, 1 changed product, 0 unchanged rows.'),
    ).toBeInTheDocument();
    expect(sent.map((s) => s.query)).toEqual(['?dry_run=1', '?dry_run=1', '']);
  });

  it('documents the template and links to it', async () => {
    sellerAt('/seller/products/import');
    expect(await screen.findByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/product-template.csv',
    );
    expect(screen.getByText('exported_stock')).toBeInTheDocument();
  });
});
