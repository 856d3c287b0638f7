import {
  Badge,
  Button,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { formatQuantity, type Product } from '@pos/shared';
import { formatMoney } from '../../../lib/format';
import { unitSymbol } from '../utils/units';
import classes from './pos.module.css';

function stockColor(product: Product): string {
  if (product.stockQuantity <= 0) return 'red';
  if (product.stockQuantity <= product.lowStockThreshold) return 'orange';
  return 'green';
}

export function ProductTiles({
  products,
  isLoading,
  isSearching,
  onAdd,
  total = products.length,
  isTotalCapped = false,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
}: {
  products: Product[];
  isLoading: boolean;
  isSearching: boolean;
  /** `viaKeyboard`: Enter or Space on the tile (focus stays on it), else a click or a tap. */
  onAdd: (product: Product, viaKeyboard: boolean) => void;
  /** How many products match (the server's count, capped on a huge catalogue). */
  total?: number;
  isTotalCapped?: boolean;
  /** More pages on the server: 'Load more products' fetches the next one. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
}) {
  if (isLoading && products.length === 0) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading products" />
      </Center>
    );
  }
  if (products.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {isSearching ? 'No products found matching your search' : 'No products added yet'}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, xl: 4 }} spacing="sm" aria-label="Products">
        {products.map((product) => {
          const outOfStock = product.stockQuantity <= 0;
          return (
            <UnstyledButton
              key={product.id}
              className={classes.tile}
              // A keyboard activation is a click without a pointer (detail 0).
              onClick={(event) => onAdd(product, event.detail === 0)}
              disabled={outOfStock}
              data-testid="product-tile"
            >
              <Paper withBorder radius="md" p="sm" h="100%" className={classes.tilePaper}>
                <Stack gap={6} h="100%" justify="space-between">
                  <div>
                    <Text fw={600} size="sm" lineClamp={2} title={product.name}>
                      <VisuallyHidden>Add </VisuallyHidden>
                      {product.name}
                      <VisuallyHidden> to cart</VisuallyHidden>
                    </Text>
                    {product.sku ? (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {product.sku}
                      </Text>
                    ) : null}
                  </div>
                  <div>
                    <Text fw={700} c="blue.7">
                      {formatMoney(product.price)}
                      {unitSymbol(product.unit) ? ` / ${unitSymbol(product.unit)}` : null}
                    </Text>
                    <Badge size="sm" variant="light" color={stockColor(product)} mt={4}>
                      {outOfStock ? 'Out of stock' : `Stock: ${formatQuantity(product.stockQuantity, product.unit)}`}
                    </Badge>
                  </div>
                </Stack>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {products.length} of {isTotalCapped ? 'more than ' : ''}
          {total.toLocaleString('en-US')} products
        </Text>
        {hasMore && onLoadMore ? (
          <Button variant="light" onClick={onLoadMore} loading={isLoadingMore}>
            Load more products
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
