import { ROLE_IDS, variantName } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { refreshListings } from '../../domain/catalog.repo';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import {
  barcodes,
  branches,
  brands,
  categories,
  categoryBranches,
  companies,
  companyMembers,
  customers,
  items,
  products,
  taxClasses,
  users,
  variants,
} from '../schema';
import { seedDemoHistory } from './demo-history';

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_USERS = [
  { username: 'admin', name: 'Ayesha Admin', roleId: ROLE_IDS.superAdmin },
  { username: 'manager', name: 'Bilal Manager', roleId: ROLE_IDS.manager },
  { username: 'cashier', name: 'Sana Cashier', roleId: ROLE_IDS.cashier },
] as const;

// Each product is filed under the subcategory it names (never the group's first one by default).
const CATALOGUE: {
  category: string;
  children: string[];
  items: [string, string, string, number, number, number, string][];
}[] = [
  // [name, sku, brand, cost, price, stock, subcategory]
  {
    category: 'Beverages',
    children: ['Soft Drinks', 'Tea & Coffee'],
    items: [
      ['Cola 1.5L', 'BEV-COLA-15', 'FizzCo', 120, 180, 48, 'Soft Drinks'],
      ['Lemon Soda 500ml', 'BEV-LEM-05', 'FizzCo', 45, 70, 6, 'Soft Drinks'],
      ['Green Tea 25 bags', 'BEV-GTEA-25', 'Leafy', 210, 320, 30, 'Tea & Coffee'],
      ['Instant Coffee 100g', 'BEV-COF-100', 'Leafy', 480, 690, 0, 'Tea & Coffee'],
    ],
  },
  {
    category: 'Dairy',
    children: ['Milk', 'Cheese', 'Yogurt'],
    items: [
      ['Full Cream Milk 1L', 'DAI-MILK-1L', 'Pure Farms', 190, 240, 60, 'Milk'],
      ['Cheddar Cheese 200g', 'DAI-CHED-200', 'Pure Farms', 520, 750, 12, 'Cheese'],
      ['Plain Yogurt 500g', 'DAI-YOG-500', 'Pure Farms', 110, 160, 4, 'Yogurt'],
    ],
  },
  {
    category: 'Snacks',
    children: ['Chips', 'Biscuits', 'Nuts'],
    items: [
      ['Salted Chips 70g', 'SNK-CHIP-70', 'Crunchy', 55, 90, 120, 'Chips'],
      ['Chocolate Biscuits', 'SNK-BISC-CH', 'Crunchy', 80, 130, 75, 'Biscuits'],
      ['Mixed Nuts 250g', 'SNK-NUTS-250', 'Crunchy', 650, 950, 9, 'Nuts'],
    ],
  },
  {
    category: 'Household',
    children: ['Cleaning'],
    items: [
      ['Dishwashing Liquid 750ml', 'HH-DISH-750', 'Sparkle', 260, 380, 25, 'Cleaning'],
      ['Laundry Detergent 1kg', 'HH-LAUN-1KG', 'Sparkle', 540, 799, 18, 'Cleaning'],
    ],
  },
  {
    // Sold by the kilogram from a scale label (RICE below): stock in kg, 3 decimals.
    category: 'Groceries',
    children: ['Rice & Grains'],
    items: [['Basmati Rice (loose)', 'GRO-RICE-KG', 'Harvest', 240, 320, 42.5, 'Rice & Grains']],
  },
  {
    // The sizes of TEE (below): each branch lists the item's three variants.
    category: 'Apparel',
    children: ['T-Shirts'],
    items: [
      ['T-Shirt / S', 'APP-TEE-S', 'Threadline', 450, 799, 20, 'T-Shirts'],
      ['T-Shirt / M', 'APP-TEE-M', 'Threadline', 450, 799, 24, 'T-Shirts'],
      ['T-Shirt / L', 'APP-TEE-L', 'Threadline', 450, 799, 16, 'T-Shirts'],
    ],
  },
];

/**
 * One item in three sizes, made in the company's catalogue before the branches list it (their products'
 * SKUs name its variants: the trigger products_list_variant lists them). Each size has an EAN-13; size M a
 * second one (a supplier's). The Gulberg branch sells M at its own price.
 */
const TEE = {
  name: 'T-Shirt',
  subcategory: 'T-Shirts',
  sizes: [
    { size: 'S', sku: 'APP-TEE-S', barcodes: ['8901234500019'] },
    { size: 'M', sku: 'APP-TEE-M', barcodes: ['8901234500026', '8901234500101'] },
    { size: 'L', sku: 'APP-TEE-L', barcodes: ['8901234500033'] },
  ],
  cost: 450,
  price: 799,
  gulbergPriceOfM: 849,
};

/**
 * Loose rice, weighed: an item in kilograms whose scale labels carry prefix 21 (the company's), item code
 * 00123 and the weight; its barcode is the label of weight 0 (packages/shared/src/scale-labels.ts).
 */
const RICE = { sku: 'GRO-RICE-KG', scaleBarcode: '2100123000005' };

/** Fresh milk is exempt from sales tax (Sixth Schedule): its own class, 0 %, with its PCT heading. */
const EXEMPT = { sku: 'DAI-MILK-1L', name: 'Exempt: fresh milk', pctCode: '0401.1000' };

const CUSTOMERS = [
  ['Imran Khan', '03001234567', 'imran@example.com'],
  ['Fatima Ali', '03111234567', 'fatima@example.com'],
  ['Usman Tariq', '03211234567', null],
] as const;

/**
 * The demo company of DESIGN.md section 7, loaded only into an empty embedded database.
 */
export async function seedDemo(db: Db, { timezone }: { timezone: string }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Demo Mart',
        address: '12 Mall Road, Lahore',
        phone: '042-1234567890',
        email: 'hello@demomart.example',
        taxId: '1234567-8',
        strn: '32-77-8761-234-56',
      })
      .returning();
    if (!company) throw new Error('demo company insert failed');
    const branchRows = await tx
      .insert(branches)
      .values([
        {
          companyId: company.id,
          name: 'Main Branch',
          address: '12 Mall Road, Lahore',
          phone: '042-1234567890',
          isMain: true,
          timezone,
          taxRate: '5.00',
        },
        {
          companyId: company.id,
          name: 'Gulberg Branch',
          address: '45 Main Boulevard, Gulberg',
          phone: '042-9876543210',
          isMain: false,
          timezone,
          taxRate: '5.00',
        },
      ])
      .returning();
    const main = branchRows[0];
    if (!main) throw new Error('demo branch insert failed');

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          name: u.name,
          username: u.username,
          email: `${u.username}@demomart.example`,
          passwordHash,
          roleId: u.roleId,
          companyId: company.id,
          branchId: u.roleId === ROLE_IDS.superAdmin ? null : main.id,
        })),
      )
      .returning();
    const admin = userRows[0];
    if (!admin) throw new Error('demo users insert failed');
    await tx.insert(companyMembers).values({ companyId: company.id, userId: admin.id });

    const [, manager, cashier] = userRows;
    // Categories belong to the company: each group once, shown in both branches.
    const groups = [];
    for (const group of CATALOGUE) {
      const [parent] = await tx
        .insert(categories)
        .values({ companyId: company.id, name: group.category, description: `${group.category} aisle` })
        .returning();
      if (!parent) throw new Error('demo category insert failed');
      const children = await tx
        .insert(categories)
        .values(group.children.map((name) => ({ companyId: company.id, parentId: parent.id, name })))
        .returning();
      await tx
        .insert(categoryBranches)
        .values(
          branchRows.flatMap((branch) =>
            [parent, ...children].map((c) => ({ companyId: company.id, categoryId: c.id, branchId: branch.id })),
          ),
        );
      groups.push({ ...group, parent, children });
    }
    const teeCategory = groups.flatMap((g) => g.children).find((c) => c.name === TEE.subcategory);
    const [tee] = await tx
      .insert(items)
      .values({ companyId: company.id, name: TEE.name, categoryId: teeCategory?.id ?? null, optionNames: ['Size'] })
      .returning();
    if (!tee) throw new Error('demo item insert failed');
    for (const [position, { size, sku, barcodes: codes }] of TEE.sizes.entries()) {
      const [variant] = await tx
        .insert(variants)
        .values({
          companyId: company.id,
          itemId: tee.id,
          name: variantName(TEE.name, [size]),
          sku,
          optionValues: [size],
          position,
          cost: TEE.cost.toFixed(2),
          price: TEE.price.toFixed(2),
        })
        .returning();
      if (!variant) throw new Error('demo variant insert failed');
      await tx
        .insert(barcodes)
        .values(codes.map((code) => ({ companyId: company.id, variantId: variant.id, code, kind: 'ean13' as const })));
    }

    const rice = CATALOGUE.flatMap((g) => g.items).find(([, sku]) => sku === RICE.sku);
    const riceCategory = groups.flatMap((g) => g.children).find((c) => c.name === rice?.[6]);
    if (!rice || !riceCategory) throw new Error('demo rice missing from the catalogue');
    const [riceItem] = await tx
      .insert(items)
      .values({ companyId: company.id, name: rice[0], categoryId: riceCategory.id, unit: 'kg' })
      .returning();
    if (!riceItem) throw new Error('demo item insert failed');
    const [riceVariant] = await tx
      .insert(variants)
      .values({
        companyId: company.id,
        itemId: riceItem.id,
        name: rice[0],
        sku: RICE.sku,
        cost: rice[3].toFixed(2),
        price: rice[4].toFixed(2),
      })
      .returning();
    if (!riceVariant) throw new Error('demo variant insert failed');
    await tx
      .insert(barcodes)
      .values({ companyId: company.id, variantId: riceVariant.id, code: RICE.scaleBarcode, kind: 'ean13' });

    const [exempt] = await tx
      .insert(taxClasses)
      .values({ companyId: company.id, name: EXEMPT.name, kind: 'exempt', rate: '0', pctCode: EXEMPT.pctCode })
      .returning();
    if (!exempt) throw new Error('demo tax class insert failed');

    for (const branch of branchRows) {
      const brandIds = new Map<string, string>();
      const branchProducts: Parameters<typeof seedDemoHistory>[1]['products'] = [];
      for (const { parent, children, ...group } of groups) {
        for (const [name, sku, brandName, cost, price, stock, subcategory] of group.items) {
          let brandId = brandIds.get(brandName);
          if (!brandId) {
            const [brand] = await tx
              .insert(brands)
              .values({ companyId: company.id, branchId: branch.id, name: brandName })
              .returning();
            if (!brand) throw new Error('demo brand insert failed');
            brandId = brand.id;
            brandIds.set(brandName, brandId);
          }
          const [product] = await tx
            .insert(products)
            .values({
              companyId: company.id,
              branchId: branch.id,
              name,
              sku,
              categoryId: (children.find((c) => c.name === subcategory) ?? parent).id,
              brandId,
              cost: cost.toFixed(2),
              price: price.toFixed(2),
              stockQuantity: stock,
              lowStockThreshold: 10,
              maxStock: 200,
            })
            .returning();
          if (!product) throw new Error('demo product insert failed');
          const isExempt = sku === EXEMPT.sku;
          if (isExempt && product.taxClassId !== exempt.id) {
            // The first branch's row made the item: it takes the class, and its listings the class's rate.
            const [variant] = await tx
              .select({ itemId: variants.itemId })
              .from(variants)
              .where(and(eq(variants.companyId, company.id), eq(variants.id, product.variantId)));
            if (!variant) throw new Error('demo variant missing');
            await tx
              .update(items)
              .set({ taxClassId: exempt.id })
              .where(and(eq(items.companyId, company.id), eq(items.id, variant.itemId)));
            await refreshListings(tx, company.id, [variant.itemId]);
          }
          branchProducts.push({
            id: product.id,
            name,
            sku,
            price,
            stock,
            ...(isExempt && { taxRate: 0, taxClassId: exempt.id }),
          });
        }
      }
      await tx
        .insert(customers)
        .values(
          CUSTOMERS.map(([name, phone, email]) => ({ companyId: company.id, branchId: branch.id, name, phone, email })),
        );
      if (!branch.isMain) {
        await tx
          .update(products)
          .set({ price: TEE.gulbergPriceOfM.toFixed(2) })
          .where(
            and(eq(products.companyId, company.id), eq(products.branchId, branch.id), eq(products.sku, 'APP-TEE-M')),
          );
      }
      // The main branch's cashier sells there; the manager covers the second branch.
      await seedDemoHistory(tx, {
        companyId: company.id,
        branchId: branch.id,
        cashierId: (branch.isMain ? cashier : manager)?.id ?? admin.id,
        products: branchProducts,
        taxRate: 5,
        seed: branch.isMain ? 1 : 2,
      });
    }
  });
}
