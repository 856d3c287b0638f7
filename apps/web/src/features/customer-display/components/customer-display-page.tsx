import { useEffect } from 'react';
import { useDisplayScreen } from '../hooks/use-display-screen';
import classes from './customer-display.module.css';
import { CartScreen, IdleScreen, ThanksScreen } from './display-screens';

export const DISPLAY_TITLE = 'Customer display';

/**
 * `/display`: the screen facing the customer. It shows only what the register of this browser
 * sends it (lib/customer-display.ts): no sign-in of its own, no API call, nothing stored.
 */
export function CustomerDisplayPage() {
  const { screen, shop } = useDisplayScreen();
  useEffect(() => {
    document.title = DISPLAY_TITLE;
  }, []);
  return (
    <main className={classes.page} data-testid="customer-display" data-screen={screen.kind}>
      {screen.kind === 'cart' ? (
        <CartScreen shop={shop} cart={screen.cart} payment={screen.payment} />
      ) : screen.kind === 'thanks' ? (
        <ThanksScreen shop={shop} thanks={screen} />
      ) : (
        <IdleScreen shop={shop} />
      )}
    </main>
  );
}
