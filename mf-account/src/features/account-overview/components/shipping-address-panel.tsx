import { useId, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import type { AddressView } from '@shop/shared/contract/common';
import { useShell } from '@shop/shared/federation/remote-root';
import { usePaymentMethods } from '../api/payment-methods';
import { COUNTRY_NAMES } from '../model/regions';
import { ShippingAddressForm } from './shipping-address-form';

/** An address as a label prints it, the country by name. */
export function AddressLines({ address }: { address: AddressView }) {
  return (
    <address className="acc-address">
      {address.name}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}, {address.state} {address.postal_code}
      <br />
      {COUNTRY_NAMES[address.country]}
    </address>
  );
}

export function ShippingAddressPanel() {
  const { notify, userContext } = useShell();
  const methods = usePaymentMethods();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const address = methods.data?.paymentMethodsAndAddresses.shippingAddress ?? null;

  const close = (saved: boolean) => {
    setEditing(false);
    if (saved) notify.success('Address saved', 'We will ship your next kit there.');
    // Back to where the shopper started, for keyboard and screen-reader users.
    setTimeout(() => editButton.current?.focus(), 0);
  };

  return (
    <section className="acc-panel" aria-labelledby={titleId} aria-busy={methods.isPending}>
      <div className="acc-panel-head">
        <h2 id={titleId}>Shipping address</h2>
        {methods.isSuccess && !editing && (
          <Button ref={editButton} onClick={() => setEditing(true)}>
            {address ? 'Edit address' : 'Add an address'}
          </Button>
        )}
      </div>
      {methods.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : methods.isError ? (
        <p role="alert">We could not load your address.</p>
      ) : editing ? (
        <ShippingAddressForm
          address={address}
          defaultName={userContext.user?.name ?? ''}
          onClose={close}
        />
      ) : address ? (
        <AddressLines address={address} />
      ) : (
        <p className="acc-muted">No shipping address saved yet. We also ask for one at checkout.</p>
      )}
    </section>
  );
}
