import { ActionIcon, Badge, CloseButton, Group, UnstyledButton } from '@mantine/core';
import { allowsDecimals } from '@pos/shared';
import { IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { Hint } from '../../../components/popups/deferred';
import { useCartStore } from '../store/cart-store';
import classes from './pos.module.css';

/** The cart tabs: one tab per cart, a close button beside each while there are two or more, and '+'. */
export function CartTabs({ onChange }: { onChange?: () => void }) {
  const carts = useCartStore((s) => s.carts);
  const activeCartId = useCartStore((s) => s.activeCartId);
  const setActiveCart = useCartStore((s) => s.setActiveCart);
  const removeCart = useCartStore((s) => s.removeCart);
  const addCart = useCartStore((s) => s.addCart);
  const canClose = carts.length > 1;

  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <div className={classes.cartTabsScroll}>
        <Group gap={6} wrap="nowrap" role="tablist" aria-label="Carts" py={2}>
          {carts.map((cart) => {
            const active = cart.id === activeCartId;
            // Pieces by their number; a weighed line (0.750 kg) counts as one.
            const count = cart.items.reduce(
              (sum, item) => sum + (allowsDecimals(item.unit) ? 1 : Math.round(item.quantity)),
              0,
            );
            return (
              <div key={cart.id} className={classes.cartTab} data-active={active || undefined}>
                <UnstyledButton
                  role="tab"
                  aria-selected={active}
                  className={classes.cartTabButton}
                  onClick={() => {
                    setActiveCart(cart.id);
                    onChange?.();
                  }}
                >
                  <IconShoppingCart size={14} stroke={1.8} aria-hidden />
                  <span>{cart.label}</span>
                  {count > 0 ? (
                    <Badge size="xs" circle variant={active ? 'white' : 'filled'} aria-hidden>
                      {count}
                    </Badge>
                  ) : null}
                </UnstyledButton>
                {canClose ? (
                  <CloseButton
                    size="sm"
                    variant="transparent"
                    className={classes.cartTabClose}
                    aria-label={`Close ${cart.label}`}
                    onClick={() => {
                      removeCart(cart.id);
                      onChange?.();
                    }}
                  />
                ) : null}
              </div>
            );
          })}
        </Group>
      </div>
      <Hint label="New cart (Ctrl+T)">
        <ActionIcon
          variant="light"
          size="lg"
          aria-label="New cart"
          onClick={() => {
            addCart();
            onChange?.();
          }}
        >
          <IconPlus size={18} />
        </ActionIcon>
      </Hint>
    </Group>
  );
}
