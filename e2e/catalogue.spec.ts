import { expect, type Locator, type Page, test } from './fixtures';
import { expectToast, signInToDashboard, unique, uniqueUsername } from './helpers';

/** Opens a screen from the sidebar and waits for its title. */
async function openScreen(page: Page, link: string, title = link) {
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
}

/** The element's text colour is a red (Mantine c="red"), whatever the exact shade of the theme. */
async function expectRedText(locator: Locator) {
  const color = await locator.evaluate((el) => getComputedStyle(el).color);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  expect(r, `colour ${color}`).toBeGreaterThan(150);
  expect(g, `colour ${color}`).toBeLessThan(130);
  expect(b, `colour ${color}`).toBeLessThan(130);
}

test.describe('categories', () => {
  test('creates a category and a subcategory, finds it by search, and deletes the parent with its subcategory', async ({
    page,
  }) => {
    await signInToDashboard(page, 'manager');
    await openScreen(page, 'Categories');
    const tree = page.getByRole('tree', { name: 'Categories' });
    await expect(tree.getByRole('treeitem', { level: 1 }).filter({ hasText: 'Beverages' })).toBeVisible();

    const nameInput = page.getByRole('textbox', { name: 'Category Name' });
    const addButton = page.getByRole('button', { name: 'Add Category' });
    // The add button is disabled while the name is blank after trimming.
    await expect(addButton).toBeDisabled();
    await nameInput.fill('   ');
    await expect(addButton).toBeDisabled();

    // A top-level category.
    const parent = unique('E2E Cat');
    await nameInput.fill(parent);
    await page.getByRole('textbox', { name: 'Description' }).fill('Made by the end-to-end test');
    await expect(addButton).toBeEnabled();
    await addButton.click();
    await expectToast(page, 'Category created successfully');
    const parentRow = tree.getByRole('treeitem', { level: 1 }).filter({ hasText: parent });
    await expect(parentRow).toBeVisible();
    await expect(parentRow).toContainText('Made by the end-to-end test');
    await expect(nameInput).toHaveValue('');

    // A subcategory under it, the parent chosen in the searchable parent picker.
    const child = unique('E2E Sub');
    await nameInput.fill(child);
    const parentPicker = page.getByRole('combobox', { name: 'Parent Category' });
    await parentPicker.click();
    await parentPicker.fill(parent);
    await page.getByRole('option', { name: parent, exact: true }).click();
    await expect(parentPicker).toHaveValue(parent);
    await addButton.click();
    await expectToast(page, 'Category created successfully');
    // The new subcategory's parent is expanded, and the row carries its breadcrumb path.
    await expect(parentRow).toHaveAttribute('aria-expanded', 'true');
    await expect(parentRow).toContainText('1 subcategory');
    const childRow = tree.getByRole('treeitem', { level: 2 }).filter({ hasText: child });
    await expect(childRow).toBeVisible();
    await expect(childRow.getByTitle('Category path')).toHaveText(`${parent} › ${child}`);

    // Collapse it, then search for the subcategory: the parent comes back auto-expanded with the match.
    await page.getByRole('button', { name: `Collapse ${parent}`, exact: true }).click();
    await expect(parentRow).toHaveAttribute('aria-expanded', 'false');
    await expect(childRow).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search categories' }).fill(child);
    await expect(childRow).toBeVisible();
    await expect(parentRow).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: `Collapse ${parent}`, exact: true })).toBeVisible();
    await expect(tree.getByRole('treeitem')).toHaveCount(2);
    await expect(tree.getByRole('treeitem').filter({ hasText: 'Beverages' })).toHaveCount(0);
    // The pager is hidden while a search is active.
    await expect(page.getByTestId('category-pager')).toHaveCount(0);

    // Delete the parent: the dialog warns, in red, that its subcategory goes with it.
    await page.getByRole('button', { name: `Delete ${parent}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Are you sure you want to delete the category "${parent}"?`)).toBeVisible();
    const warning = dialog.getByText('This category has 1 subcategory, which will be deleted as well.');
    await expect(warning).toBeVisible();
    await expectRedText(warning);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Category deleted successfully');
    await expect(dialog).toBeHidden();

    // Both are gone: the subcategory search finds nothing, and the unfiltered tree lacks the parent.
    await expect(page.getByText('No matching categories found')).toBeVisible();
    await expect(tree).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search categories' }).fill('');
    await expect(page.getByTestId('category-pager')).toBeVisible();
    await expect(tree.getByRole('treeitem', { level: 1 }).filter({ hasText: 'Beverages' })).toBeVisible();
    await expect(tree.getByRole('treeitem').filter({ hasText: parent })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search categories' }).fill(parent);
    await expect(page.getByText('No matching categories found')).toBeVisible();
  });
});

test.describe('brands', () => {
  test('validates, adds, edits in the Edit Brand modal, and deletes a brand', async ({ page }) => {
    await signInToDashboard(page, 'manager');
    await openScreen(page, 'Brands');
    await expect(page.getByRole('cell', { name: 'FizzCo', exact: true })).toBeVisible();

    const nameInput = page.getByRole('textbox', { name: 'Brand Name' });
    const addButton = page.getByRole('button', { name: 'Add Brand' });
    await addButton.click();
    await expect(page.getByText('Brand name is required')).toBeVisible();
    await nameInput.fill('   ');
    await addButton.click();
    await expect(page.getByText('Brand name is required')).toBeVisible();

    const name = unique('E2E Brand');
    await nameInput.fill(name);
    await addButton.click();
    await expectToast(page, 'Brand added successfully');
    await expect(page.getByText('Brand name is required')).toHaveCount(0);
    await expect(nameInput).toHaveValue('');
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    // Edit: the modal is titled 'Edit Brand', holds the current name, and validates too.
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Brand' });
    await expect(dialog).toBeVisible();
    const editName = dialog.getByRole('textbox', { name: 'Brand Name' });
    await expect(editName).toHaveValue(name);
    await editName.fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Brand name is required')).toBeVisible();
    const renamed = unique('E2E Brand Renamed');
    await editName.fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Brand updated successfully');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);

    // Delete with the confirmation.
    await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await expect(confirm.getByText(`Are you sure you want to delete the brand "${renamed}"?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Brand deleted successfully');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('cell', { name: renamed, exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'FizzCo', exact: true })).toBeVisible();
  });
});

test.describe('products', () => {
  /** Types into a searchable picker of the product form and picks the one option the server finds. */
  async function pick(dialog: Locator, label: string, search: string, option: string) {
    const page = dialog.page();
    const input = dialog.getByRole('combobox', { name: label, exact: true });
    await input.click();
    await input.fill(search);
    // The search reaches the server debounced; wait until the list holds only the match.
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(input).toHaveValue(option);
  }

  async function findCard(page: Page, name: string) {
    await page.getByRole('textbox', { name: 'Search products' }).fill(name);
    return page.getByTestId('product-card').filter({ hasText: name });
  }

  test('a manager validates and adds a product with a category, a brand, both prices and stock', async ({ page }) => {
    await signInToDashboard(page, 'manager');
    await openScreen(page, 'Products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Add Product' });

    await submit.click();
    await expect(dialog.getByText('Product name is required')).toBeVisible();
    await expect(dialog.getByText('Buying price must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Selling price must be greater than 0')).toBeVisible();

    const name = unique('E2E Manager Product');
    await dialog.getByRole('textbox', { name: 'Product Name' }).fill(name);
    await pick(dialog, 'Category', 'Soft', 'Soft Drinks');
    await pick(dialog, 'Brand', 'Pure', 'Pure Farms');
    const cost = dialog.getByRole('textbox', { name: 'Buying Price' });
    const price = dialog.getByRole('textbox', { name: 'Selling Price' });
    // Zero is not a price.
    await cost.fill('0');
    await price.fill('0');
    await submit.click();
    await expect(dialog.getByText('Buying price must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Selling price must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Product name is required')).toHaveCount(0);

    await cost.fill('150');
    await price.fill('225.5');
    await dialog.getByRole('textbox', { name: 'Stock Quantity' }).fill('40');
    await submit.click();
    await expectToast(page, 'Product created successfully');
    await expect(dialog).toBeHidden();

    const card = await findCard(page, name);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Soft Drinks');
    await expect(card).toContainText('Pure Farms');
    await expect(card).toContainText('Stock: 40');
    await expect(card).toContainText('PKR 225.50');
    await expect(card).toContainText('Buying Price: PKR 150.00');
  });

  test('a cashier has no buying price field, sees the validation, and adds a product', async ({ page }) => {
    await signInToDashboard(page, 'cashier');
    await openScreen(page, 'Products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    // No buying price anywhere on a cashier's cards.
    await expect(page.getByText(/Buying Price/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Selling Price' })).toBeVisible();
    await expect(dialog.getByText('Buying Price')).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Buying Price' })).toHaveCount(0);

    const submit = dialog.getByRole('button', { name: 'Add Product' });
    await submit.click();
    await expect(dialog.getByText('Product name is required')).toBeVisible();
    await expect(dialog.getByText('Selling price must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Buying price must be greater than 0')).toHaveCount(0);

    const name = unique('E2E Cashier Product');
    await dialog.getByRole('textbox', { name: 'Product Name' }).fill(name);
    await pick(dialog, 'Category', 'Chips', 'Chips');
    await dialog.getByRole('textbox', { name: 'Selling Price' }).fill('99');
    await dialog.getByRole('textbox', { name: 'Stock Quantity' }).fill('12');
    // A cashier never sets a buying price: the new product is sent with cost 0 (spec 02, section 5).
    const created = page.waitForRequest((req) => req.method() === 'POST' && /\/api\/products$/.test(req.url()));
    await submit.click();
    expect((await created).postDataJSON()).toMatchObject({ name, price: 99, stockQuantity: 12, cost: 0 });
    await expectToast(page, 'Product created successfully');
    await expect(dialog).toBeHidden();

    const card = await findCard(page, name);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Chips');
    await expect(card).toContainText('No brand');
    await expect(card).toContainText('Stock: 12');
    await expect(card).toContainText('PKR 99.00');
    await expect(card).not.toContainText('Buying Price');
  });
});

test.describe('users', () => {
  test('an admin adds a cashier, who then signs in to the dashboard', async ({ page, browser }) => {
    await signInToDashboard(page, 'admin');
    await expect(page.getByRole('banner').getByRole('textbox', { name: 'Branch' })).toHaveValue('Main Branch');
    await openScreen(page, 'Users');
    await expect(page.getByRole('cell', { name: 'Bilal Manager', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create User' });
    await create.click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Invalid email')).toBeVisible();
    await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(dialog.getByText('At least one role is required')).toBeVisible();

    const name = unique('E2E Cashier');
    const username = uniqueUsername('e2e');
    const email = `${username}@demomart.example`;
    const password = 'Cashier123';
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'Cashier', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('Cashier');
    // Six characters pass the form; the server refuses a common password, shown on the Password field.
    const passwordField = dialog.getByRole('textbox', { name: 'Password', exact: true });
    await passwordField.fill('123456');
    await create.click();
    await expect(passwordField).toHaveAccessibleDescription('This password is too common. Choose another one.');
    await passwordField.fill(password);
    const branch = dialog.getByRole('combobox', { name: 'Branch', exact: true });
    // The branch defaults to the selected one; pick another, then the selected one again (clicking the
    // option already chosen would deselect it), so the new user is listed where they were added.
    await expect(branch).toHaveValue('Main Branch');
    await branch.click();
    await page.getByRole('option', { name: 'Gulberg Branch', exact: true }).click();
    await expect(branch).toHaveValue('Gulberg Branch');
    await branch.click();
    await page.getByRole('option', { name: 'Main Branch', exact: true }).click();
    await expect(branch).toHaveValue('Main Branch');
    await create.click();
    await expectToast(page, 'User created successfully');
    await expect(dialog).toBeHidden();

    await page.getByRole('textbox', { name: 'Search users' }).fill(username);
    const row = page.getByRole('row').filter({ hasText: username });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText(name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(email);
    await expect(row.getByRole('cell').nth(2)).toHaveText(username);
    await expect(row.getByRole('cell').nth(3)).toHaveText('Cashier');

    // The new user signs in on a fresh browser context and lands on the dashboard of that branch.
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await signInToDashboard(other, username, password);
      await expect(other.getByRole('textbox', { name: 'Your branch' })).toHaveValue('Main Branch');
      await expect(other.getByRole('textbox', { name: 'Your branch' })).toBeDisabled();
    } finally {
      await context.close();
    }
  });
});
