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

/** Offline (or with the server out of reach) the customers known locally answer, with their synced store credit. */
async function findCustomer(branchId: string, phone: string): Promise<FoundCustomer | null> {
  const local = async () => {
    const found = await localCustomerByPhone(branchId, phone);
    if (!found?.name) return null;
    const amount = (value: number | undefined) => (Number.isFinite(Number(value)) ? Number(value ?? 0) : 0);
    return {
      name: found.name,
      email: found.email,
      creditBalance: amount(found.creditBalance),
      // A customer first met offline has a local id only: no payment on account until the server knows them.
      account: {
        id: found.id.startsWith('local-') ? null : found.id,
        balance: amount(found.accountBalance),
        creditLimit: amount(found.creditLimit),
      },
    };
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
 * 500 ms after the phone of a cart reaches 10 characters, the branch's customer with that phone fills the
 * cart's name and email, and their store credit, with a green 'Customer Found'. A miss or a failure is silent
 * (and that cart and phone are not asked again). A phone changed or cleared drops the credit (the cart store);
 * typed again, it is looked up again.
 */
export function usePhoneLookup({
  branchId,
  cartId,
  phone,
  creditPhone,
}: {
  branchId: string | null;
  cartId: string;
  phone: string;
  /** The phone whose customer's store credit the cart holds (null: none): a lookup is done for it. */
  creditPhone: string | null;
}) {
  // Cart and phone debounced together, so switching tabs never applies one cart's phone to another.
  const [pending] = useDebouncedValue(`${cartId}\n${phone.trim()}`, PHONE_LOOKUP_DELAY_MS);
  const missed = useRef(new Set<string>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: creditPhone going (the phone changed and came back) asks again
  useEffect(() => {
    const [targetCart = '', targetPhone = ''] = pending.split('\n');
    if (!branchId || targetPhone.length < PHONE_LOOKUP_MIN_LENGTH) return;
    const key = `${branchId}\n${pending}`;
    const held = cartStore.getState().carts.find((c) => c.id === targetCart)?.customerCredit;
    if (missed.current.has(key) || held?.phone === targetPhone) return;
    let stale = false;
    findCustomer(branchId, targetPhone)
      .then((customer) => {
        if (stale) return;
        if (!customer) {
          missed.current.add(key);
          return;
        }
        const cart = cartStore.getState().carts.find((c) => c.id === targetCart);
        if (!cart || cart.customerPhone.trim() !== targetPhone) return;
        cartStore.getState().setCustomer(
          {
            customerName: customer.name,
            customerEmail: customer.email ?? '',
            customerCredit: { phone: targetPhone, balance: customer.creditBalance, account: customer.account },
          },
          targetCart,
        );
        notifySuccess(customer.name, POS_TEXT.customerFound);
      })
      .catch(() => {
        // A miss (404) or any failure: the cashier types the customer in.
        if (!stale) missed.current.add(key);
      });
    return () => {
      // Cancelled before the answer (StrictMode's second run, a quick edit): the next run asks again.
      stale = true;
    };
  }, [pending, branchId, creditPhone]);
}
