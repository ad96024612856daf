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

/** A job as `GET /api/seller/product-imports/{id}/` answers it. */
function importJob(over: Record<string, unknown>) {
  return {
    id: 7,
    dry_run: true,
    status: 'running',
    total: 0,
    checked: 0,
    applied: 0,
    report: null,
    error: null,
    created_at: '2026-11-28T23:00:00Z',
    ...over,
  };
}

function report(over: Record<string, unknown>) {
  return {
    dry_run: true,
    applied: false,
    rows: 2,
    created: 0,
    updated: 0,
    unchanged: 0,
    problems: [],
    ...over,
  };
}

describe('product import', () => {
  it('checks a file as a job, lists its problems and keeps Apply off; a clean file is then applied', async () => {
    const sent: { query: string; body: string; type: string | null }[] = [];
    let clean = false;
    let dry = true;
    server.use(
      http.post('/api/seller/product-imports/', async ({ request }) => {
        const url = new URL(request.url);
        sent.push({
          query: url.search,
          body: await request.text(),
          type: request.headers.get('Content-Type'),
        });
        dry = url.searchParams.get('dry_run') === '1';
        return HttpResponse.json(importJob({ dry_run: dry, status: 'queued' }), { status: 202 });
      }),
      http.get('/api/seller/product-imports/7/', () => {
        if (!clean)
          return HttpResponse.json(
            importJob({
              status: 'done',
              total: 2,
              checked: 2,
              report: report({
                problems: [
                  { row: 3, column: 'price', message: 'Enter a price in GH₵ like 1,234.50.' },
                  { row: 3, column: '', message: 'Row 2 is the same product.' },
                ],
              }),
            }),
          );
        return HttpResponse.json(
          importJob({
            dry_run: dry,
            status: 'done',
            total: 2,
            checked: 2,
            applied: dry ? 0 : 2,
            report: report({ dry_run: dry, applied: !dry, created: 1, updated: 1 }),
          }),
        );
      }),
    );
    sellerAt('/seller/products/import');
    const user = userEvent.setup();
    // The page is a lazy chunk: the first test of a run loads it.
    const apply = await screen.findByRole('button', { name: 'Apply' }, { timeout: 12000 });
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

  it('shows the job’s progress while it runs, then its result; a failed job shows why', async () => {
    const readings = [
      importJob({ status: 'queued' }),
      importJob({ total: 10000, checked: 2500 }),
      importJob({ dry_run: false, total: 10000, checked: 10000 }),
      importJob({
        dry_run: false,
        status: 'done',
        total: 10000,
        checked: 10000,
        applied: 10000,
        report: report({ dry_run: false, applied: true, rows: 10000, created: 10000 }),
      }),
    ];
    let read = 0;
    let release = () => {};
    server.use(
      http.post('/api/seller/product-imports/', () =>
        HttpResponse.json(readings[0], { status: 202 }),
      ),
      http.get('/api/seller/product-imports/7/', async () => {
        read = Math.min(read + 1, readings.length - 1);
        // Each reading waits for the test to look at the one before.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(readings[read]);
      }),
    );
    sellerAt('/seller/products/import');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('CSV file'), csv('sku\nA\n'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const bar = await screen.findByRole('progressbar', {
      name: 'Waiting for a turn: many imports are running…',
    });
    expect(bar).not.toHaveAttribute('value');
    await waitFor(() => {
      release();
      expect(
        screen.getByRole('progressbar', { name: 'Checked 2,500 of 10,000 rows…' }),
      ).toHaveAttribute('value', '2500');
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('max', '10000');
    await waitFor(() => {
      release();
      expect(screen.getByRole('progressbar', { name: 'Checked 10,000 rows.' })).toBeInTheDocument();
    });
    await waitFor(() => {
      release();
      expect(
        screen.getByText('Done: 10,000 new products, 0 changed products, 0 unchanged rows.'),
      ).toBeInTheDocument();
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    server.use(
      http.get('/api/seller/product-imports/7/', () =>
        HttpResponse.json(
          importJob({
            status: 'failed',
            error: 'The server restarted before the import finished.',
          }),
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(
      await screen.findByText('The server restarted before the import finished.'),
    ).toBeInTheDocument();
  });

  it('documents the template and links to it', async () => {
    sellerAt('/seller/products/import');
    expect(await screen.findByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/product-template.csv',
    );
    expect(screen.getByText('exported_stock', { selector: 'dt' })).toBeInTheDocument();
    // Variant rows: their columns, and how a product with options is written.
    expect(screen.getByText('variant_of', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('option1_name … option3_value')).toBeInTheDocument();
    expect(
      screen.getByText(/A product with options \(sizes, colours…\) has its own row/),
    ).toBeInTheDocument();
  });
});
