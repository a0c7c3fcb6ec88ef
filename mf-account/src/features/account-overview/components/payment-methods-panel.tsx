import { useId, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useShell } from '@shop/shared/federation/remote-root';
import { usePaymentMethods } from '../api/payment-methods';
import { AddCardForm } from './add-card-form';
import { PaymentMethodRow } from './payment-method-row';
import { LoadFailed } from '../../shared/components/load-failed';

export function PaymentMethodsPanel() {
  const { notify } = useShell();
  const methods = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const list = methods.data?.paymentMethodsAndAddresses.paymentMethods ?? [];

  const close = (saved: boolean) => {
    setAdding(false);
    if (saved) notify.success('Card saved', 'You can use it at checkout.');
    setTimeout(() => addButton.current?.focus(), 0);
  };

  return (
    <section className="acc-panel" aria-labelledby={titleId} aria-busy={methods.isPending}>
      <div className="acc-panel-head">
        <h2 id={titleId}>Payment methods</h2>
        {methods.isSuccess && !adding && (
          <Button ref={addButton} onClick={() => setAdding(true)}>
            Add a card
          </Button>
        )}
      </div>
      {methods.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : methods.isError ? (
        <LoadFailed what="your payment methods" onRetry={() => void methods.refetch()} />
      ) : list.length === 0 ? (
        <p className="acc-muted">No saved cards yet.</p>
      ) : (
        <ul className="acc-list" aria-label="Saved cards">
          {list.map((method) => (
            <PaymentMethodRow key={method.id} method={method} />
          ))}
        </ul>
      )}
      {adding && <AddCardForm onClose={close} />}
    </section>
  );
}
