import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { type FoundCustomer, lookupCustomerByPhone } from '../../../lib/api/customers.api';
import { notifySuccess } from '../../../lib/notify';
import { isNetworkFailure, isOnline } from '../offline/connectivity';
import { localCustomerByPhone } from '../offline/local-catalogue';
import { cartStore } from '../store/cart-store';
import { POS_TEXT } from '../utils/notices';

export const PHONE_LOOKUP_MIN_LENGTH = 10;
export const PHONE_LOOKUP_DELAY_MS = 500;

/** Offline (or with the server out of reach) the customers known locally answer. */
async function findCustomer(branchId: string, phone: string): Promise<FoundCustomer | null> {
  const local = async () => {
    const found = await localCustomerByPhone(branchId, phone);
    return found?.name ? { name: found.name, email: found.email } : null;
  };
  if (!isOnline()) return local();
  try {
    return await lookupCustomerByPhone(branchId, phone);
  } catch (error) {
    if (isNetworkFailure(error)) return local();
    throw error;
  }
}

/**
 * 500 ms after the phone of a cart reaches 10 characters, the branch's customer with that phone
 * fills the cart's name and email with a green 'Customer Found'. A miss or a failure is silent.
 * Each cart and phone is looked up once.
 */
export function usePhoneLookup({
  branchId,
  cartId,
  phone,
}: {
  branchId: string | null;
  cartId: string;
  phone: string;
}) {
  // Cart and phone debounced together, so switching tabs never applies one cart's phone to another.
  const [pending] = useDebouncedValue(`${cartId}\n${phone.trim()}`, PHONE_LOOKUP_DELAY_MS);
  const done = useRef(new Set<string>());

  useEffect(() => {
    const [targetCart = '', targetPhone = ''] = pending.split('\n');
    if (!branchId || targetPhone.length < PHONE_LOOKUP_MIN_LENGTH) return;
    const key = `${branchId}\n${pending}`;
    if (done.current.has(key)) return;
    done.current.add(key);
    let stale = false;
    let settled = false;
    findCustomer(branchId, targetPhone)
      .then((customer) => {
        settled = true;
        if (stale || !customer) return;
        const cart = cartStore.getState().carts.find((c) => c.id === targetCart);
        if (!cart || cart.customerPhone.trim() !== targetPhone) return;
        cartStore
          .getState()
          .setCustomer({ customerName: customer.name, customerEmail: customer.email ?? '' }, targetCart);
        notifySuccess(customer.name, POS_TEXT.customerFound);
      })
      .catch(() => {
        // A miss (404) or any failure: the cashier types the customer in.
        settled = true;
      });
    return () => {
      stale = true;
      // Cancelled before the answer (StrictMode's second run, a quick edit): free it for another try.
      if (!settled) done.current.delete(key);
    };
  }, [pending, branchId]);
}
