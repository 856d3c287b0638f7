import { Alert, Stack, Title } from '@mantine/core';
import { fromMinor, toMinor } from '@pos/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useCustomerAccount } from '../../../lib/api/customers.api';
import { AccountStatement } from './account-statement';
import { AccountSummaryView } from './account-summary';
import { CreditLimitModal } from './credit-limit-modal';
import { ReceivePaymentModal } from './receive-payment-modal';

type AccountTabProps = {
  /** The customer as the detail page holds it: its balance owed and limit stand in while the account loads. */
  customer: { id: string; name: string; accountBalance: number; creditLimit: number } | undefined;
  customerId: string;
  /** Its tab is open: the account and its statement are fetched only then. */
  active: boolean;
  timeZone: string | undefined;
  /** A Manager or Super Admin (process_returns, as the server checks the limit): sets the limit, takes payments. */
  mayManage: boolean;
};

/**
 * The customer's account ("khata"): what they owe, their credit limit, what is left and the ageing; the
 * statement with the running balance; for a Manager or Super Admin the Receive payment and Set credit limit
 * dialogs (a payment in the back office, cash or card, goes into no shift).
 */
export function AccountTab({ customer, customerId, active, timeZone, mayManage }: AccountTabProps) {
  const account = useCustomerAccount(customerId, active);
  const [dialog, setDialog] = useState<'payment' | 'limit' | null>(null);
  const balance = account.data?.balance ?? customer?.accountBalance ?? 0;
  const creditLimit = account.data?.creditLimit ?? customer?.creditLimit ?? 0;
  const available = account.data?.available ?? fromMinor(Math.max(0, toMinor(creditLimit) - toMinor(balance)));
  const manage = Boolean(customer) && mayManage;
  return (
    <Stack gap="lg">
      {account.error ? (
        <Alert color="red" title="The account could not be read">
          {errorMessage(account.error, 'Failed to fetch the account')}
        </Alert>
      ) : null}
      <AccountSummaryView
        summary={{ balance, creditLimit, available, ageing: account.data?.ageing }}
        onReceivePayment={manage ? () => setDialog('payment') : undefined}
        onSetLimit={manage ? () => setDialog('limit') : undefined}
      />
      <Title order={2} size="h4">
        Statement
      </Title>
      <AccountStatement customerId={customerId} active={active} timeZone={timeZone} />
      {customer && mayManage ? (
        <>
          <ReceivePaymentModal
            opened={dialog === 'payment'}
            onClose={() => setDialog(null)}
            customer={customer}
            balance={balance}
          />
          <CreditLimitModal
            opened={dialog === 'limit'}
            onClose={() => setDialog(null)}
            customer={customer}
            balance={balance}
            creditLimit={creditLimit}
          />
        </>
      ) : null}
    </Stack>
  );
}
