import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { apiSession, createProductViaApi, findProduct, sellViaApi } from './api';
import { expect, type Page, test } from './fixtures';
import { expectToast, signInToDashboard } from './helpers';

const SHOTS = process.env.SCREENS_DIR ?? 'test-results/import-export-screens';
/** Sample exports of the systems a shop moves from (written after their published column sets). */
const FIXTURES = path.join(process.cwd(), 'apps/server/test/fixtures/imports');
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A products CSV of `count` rows with this SKU prefix; `bad` rows (1-based data rows) carry an error each. */
function productsCsv(prefix: string, count: number, bad: Record<number, 'price' | 'name' | 'stock'> = {}) {
  const lines = ['Name,SKU,Category,Brand,Price,Cost,Stock'];
  for (let i = 1; i <= count; i++) {
    const name = bad[i] === 'name' ? '' : `Imported item ${i}, "${prefix}"`;
    const price = bad[i] === 'price' ? '-3' : `${(10 + i / 4).toFixed(2)}`;
    const stock = bad[i] === 'stock' ? 'lots' : String(i % 7);
    lines.push(`"${name.replaceAll('"', '""')}",${prefix}-${i},E2E Imports,E2E Brand,${price},5.50,${stock}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** Picks a day in a Mantine date picker opened by the button `label`, moving months as needed. */
async function pickDate(page: Page, label: string, date: Date) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dayName = `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  // This field's calendar by its name (DateField sets it), shown before its days are counted. Any calendar
  // dialog, counted at once, could read the day as absent (the other field's calendar still closing, or this
  // one not drawn yet), and the loop below moved months away from it: a rehearsal went from December to March
  // looking for 2 December.
  const dropdown = page.getByRole('dialog', { name: `${label}: calendar` });
  await expect(dropdown.locator('[data-direction]').first()).toBeVisible();
  for (let i = 0; i < 3 && (await dropdown.getByRole('button', { name: dayName, exact: true }).count()) === 0; i++) {
    // By its name: the control and its icon both carry data-direction (two matches when a month is crossed).
    await dropdown.getByRole('button', { name: date < new Date() ? 'Previous month' : 'Next month' }).click();
  }
  await dropdown.getByRole('button', { name: dayName, exact: true }).first().click();
}

/** The session's branch's time zone, as the signed-in user's companies list it. */
async function branchTimeZone(
  page: Page,
  { headers, branchId }: { headers: Record<string, string>; branchId: string },
) {
  const me = (await (await page.request.get('/api/auth/me', { headers })).json()).data as {
    company: { branches: { id: string; timezone: string }[] }[];
  };
  const branch = me.company.flatMap((c) => c.branches).find((b) => b.id === branchId);
  if (!branch) throw new Error("the branch is among the user's companies");
  return branch.timezone;
}

/** The instant as the zone's wall clock, in a Date's UTC fields (as a spreadsheet date holds it), by Intl. */
function wallClock(iso: string, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(iso));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
}

test.describe('CSV import and export', () => {
  test('a manager imports a 200-row CSV: the check finds 3 bad rows, the fixed file imports whole', async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const prefix = `IMP${Date.now().toString(36)}`.toUpperCase();
    await signInToDashboard(page, 'manager');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Columns of a products file' })).toContainText('Low stock threshold');

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: productsCsv(prefix, 200, { 17: 'price', 88: 'name', 150: 'stock' }),
    });
    await page.getByLabel('Create categories and brands that do not exist yet').check();
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('3 with errors')).toBeVisible();
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    await expect(errors.getByRole('row')).toHaveCount(4);
    await expect(errors).toContainText('Selling price must be greater than 0');
    await expect(errors).toContainText('Product name is required');
    await expect(errors).toContainText('Must be a whole number');
    // Rows as the spreadsheet numbers them (the header is row 1).
    await expect(errors.getByRole('row').nth(1)).toContainText('18');
    // The good rows could be imported alone; this manager fixes the file instead.
    await expect(page.getByRole('button', { name: 'Import 197 good rows' })).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/import-errors.png`, fullPage: true });

    // Fixed: the same file without the three errors.
    await fileInput.setInputFiles({
      name: 'catalogue-fixed.csv',
      mimeType: 'text/csv',
      buffer: productsCsv(prefix, 200),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('0 with errors')).toBeVisible();
    await expect(page.getByText('200 to create')).toBeVisible();
    await page.getByRole('button', { name: 'Import 200 rows' }).click();
    await page.getByRole('dialog', { name: 'Import this file?' }).getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'Imported: 200 created, 0 updated');
    await page.screenshot({ path: `${SHOTS}/import-done.png`, fullPage: true });

    const session = await apiSession(page, 'manager');
    const product = await findProduct(page, session, `${prefix}-150`);
    expect(product.stockQuantity).toBe(150 % 7);
  });

  test("another system's exports are recognised; a changed mapping and a partial import with the bad rows downloaded", async ({
    page,
  }) => {
    // Twelve files checked one after the other (about a second each on a quiet machine).
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    await signInToDashboard(page, 'manager');
    await page.goto('/dashboard/import');
    const fileInput = page.locator('input[type="file"]');
    const check = async (file: string | { name: string; buffer: Buffer }) => {
      await fileInput.setInputFiles(
        typeof file === 'string' ? path.join(FIXTURES, file) : { ...file, mimeType: 'text/csv' },
      );
      await page.getByRole('button', { name: 'Check file' }).click();
    };

    // Each sample export previews with its system recognised and no row in error.
    await page.getByLabel('Create categories and brands that do not exist yet').check();
    const products = [
      ['shopify-products.csv', 'Shopify products'],
      ['shopify-products-2024.csv', 'Shopify products (new template)'],
      ['square-items.csv', 'Square item library'],
      ['woocommerce-products.csv', 'WooCommerce products'],
      ['loyverse-items.csv', 'Loyverse items'],
      ['odoo-products.csv', 'Odoo products'],
      ['ospos-items.csv', 'OpenSourcePOS items'],
    ];
    for (const [file, label] of products) {
      await check(file as string);
      await expect(page.getByText(label as string, { exact: true }), file).toBeVisible();
      await expect(page.getByText('0 with errors')).toBeVisible();
      if (file === 'shopify-products.csv') {
        // The variant's SKU, else its barcode (a product's variant lines become one item's variants).
        await expect(page.getByText('The first non-empty one')).toBeVisible();
        await page.getByRole('heading', { name: 'Column mapping' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/import-preset-1280.png` });
      }
    }
    await page.getByRole('tab', { name: 'Customers' }).click();
    const customers = [
      ['shopify-customers.csv', 'Shopify customers'],
      ['square-customers.csv', 'Square customers'],
      ['loyverse-customers.csv', 'Loyverse customers'],
      ['odoo-customers.csv', 'Odoo contacts'],
      ['ospos-customers.csv', 'OpenSourcePOS customers'],
    ];
    for (const [file, label] of customers) {
      await check(file as string);
      await expect(page.getByText(label as string, { exact: true }), file).toBeVisible();
    }

    // A file of the shop's own: two of our required columns have no column of the same name.
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByLabel('Create categories and brands that do not exist yet').check();
    const prefix = `MAP${Date.now().toString(36)}`.toUpperCase();
    const own = [
      'Item,SKU,Selling,Buying,Qty',
      `Gulab Jamun ${prefix},${prefix}-1,450,300,5`,
      `Barfi ${prefix},${prefix}-2,520,,4`, // new, no cost
      `Jalebi ${prefix},${prefix}-3,380,250,7`,
      `Ladoo ${prefix},${prefix}-4,-2,200,3`, // bad price
      `Rasmalai ${prefix},${prefix}-5,600,420,2`,
    ].join('\n');
    await check({ name: 'sweets.csv', buffer: Buffer.from(own) });
    await expect(page.getByText('Choose the file\'s column for "Name"')).toBeVisible();
    await expect(page.getByText('Choose the file\'s column for "Price"')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();
    const pick = async (ours: string, theirs: string) => {
      await page.getByRole('combobox', { name: ours, exact: true }).click();
      await page.getByRole('option', { name: theirs, exact: true }).click();
      await page.keyboard.press('Escape');
    };
    await pick('Name', 'Item');
    await pick('Price', 'Selling');
    await pick('Cost', 'Buying');
    await pick('Stock', 'Qty');
    await expect(page.getByText('The mapping changed: check the file again')).toBeVisible();
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('2 with errors')).toBeVisible();
    await expect(page.getByText('3 to create')).toBeVisible();
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    await expect(errors).toContainText('Cost is required');
    await expect(errors).toContainText('Selling price must be greater than 0');
    await page.screenshot({ path: `${SHOTS}/import-mapping-1280.png`, fullPage: true });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download rows with errors' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products-rows-with-errors-\d{4}-\d{2}-\d{2}\.csv$/);
    const rejected = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rejected).toEqual([
      'Item,SKU,Selling,Buying,Qty,Row,Reason',
      `Barfi ${prefix},${prefix}-2,520,,4,3,Cost: Cost is required`,
      `Ladoo ${prefix},${prefix}-4,-2,200,3,5,Price: Selling price must be greater than 0`,
    ]);

    await page.getByRole('button', { name: 'Import 3 good rows' }).click();
    await page.getByRole('dialog', { name: 'Import the good rows?' }).getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'Imported: 3 created, 0 updated; 2 rows with errors left out');
    const session = await apiSession(page, 'manager');
    expect(await findProduct(page, session, `${prefix}-5`)).toMatchObject({
      name: `Rasmalai ${prefix}`,
      stockQuantity: 2,
    });

    // The mapping is remembered: the next file with these columns previews with it, here at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    const next = own.replaceAll(prefix, `${prefix}B`);
    await check({ name: 'sweets-2.csv', buffer: Buffer.from(next) });
    await expect(page.getByText('As you mapped a file with these columns before.')).toBeVisible();
    await expect(page.getByText('3 to create')).toBeVisible();
    await page.getByRole('heading', { name: 'Column mapping' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/import-mapping-390.png` });
    await page.getByRole('button', { name: 'Download rows with errors' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/import-partial-390.png` });
  });

  test('a manager exports the transactions of a date range as CSV and as XLSX', async ({ page }) => {
    const session = await apiSession(page, 'manager');
    const prefix = `EXP${Date.now().toString(36)}`.toUpperCase();
    const product = await createProductViaApi(page, session, {
      name: `Export tea ${prefix}`,
      sku: prefix,
      price: 42.5,
      cost: 20,
      stockQuantity: 5,
    });
    // A phone with a leading zero, which a spreadsheet reading the CSV turns into a number.
    const phone = `0315${String(Date.now()).slice(-7)}`;
    const sale = (await sellViaApi(page, session, {
      lines: [{ product, quantity: 2 }],
      customer: { name: `Export customer ${prefix}`, phone },
    })) as Awaited<ReturnType<typeof sellViaApi>> & { transactionDate: string };

    await signInToDashboard(page, 'manager');
    await page.goto('/dashboard/transactions');
    const day = 24 * 60 * 60 * 1000;
    await pickDate(page, 'Start Date', new Date(Date.now() - day));
    await pickDate(page, 'End Date', new Date(Date.now() + day));
    await expect(page.getByRole('cell', { name: sale.receiptNumber, exact: true })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV: transactions' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header).toBe(
      'Receipt number,Date,Cashier,Customer,Customer phone,Payment method,Status,Items,Quantity,Returned quantity,Subtotal,Discount,Tax,Total,Paid by cash,Paid by card,Paid by store credit,Paid by account,Paid by gift voucher,Paid by exchange',
    );
    const row = lines.find((l) => l.startsWith(`${sale.receiptNumber},`));
    expect(row, 'the sale is in the export').toBeTruthy();
    const money = (n: number) => n.toFixed(2);
    // A card sale: the card paid the whole total.
    expect(row).toContain(
      `,${phone},card,completed,1,2,0,85.00,0.00,${money(sale.taxAmount)},${money(sale.total)},0.00,${money(sale.total)},0.00`,
    );
    // The date in the branch's time zone, with its offset.
    const timeZone = await branchTimeZone(page, session);
    const local = wallClock(sale.transactionDate, timeZone);
    expect(row).toMatch(new RegExp(`,${local.toISOString().slice(0, 19)}[+-]\\d\\d:\\d\\d,`));

    // The same list as an Excel workbook: typed cells.
    const downloadingXlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX: transactions' }).click();
    const workbookFile = await downloadingXlsx;
    expect(workbookFile.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await workbookFile.path());
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header?.split(','));
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((r) => {
      if (r.getCell(1).value === sale.receiptNumber) found = r;
    });
    if (!found) throw new Error('the sale is in the workbook');
    const cell = (n: number) => (found as ExcelJS.Row).getCell(n);
    expect(cell(5).type).toBe(ExcelJS.ValueType.String);
    expect(cell(5).value).toBe(phone);
    expect(cell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(cell(2).value).toEqual(local);
    expect(cell(14).type).toBe(ExcelJS.ValueType.Number);
    expect(cell(14).value).toBe(sale.total);
    expect(cell(14).numFmt).toBe('#,##0.00');
  });
});
