import { useEffect, useId, useRef } from 'react';
import Button from 'antd/es/button';
import type { PaymentMethodConfirmation } from '@shop/shared/contract/user';
import { FormAlert } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useConfirmPaymentMethod } from '../api/confirm-payment-method';

/** The bank's extra step (3-D Secure with a real provider): the card is saved once confirmed. */
export function CardConfirmation({
  pending,
  onConfirmed,
  onCancel,
}: {
  pending: PaymentMethodConfirmation;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmPaymentMethod();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="acc-subform" role="region" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        Confirm this card
      </h3>
      <p>{pending.message} Your card is saved once you confirm.</p>
      {confirm.isError && (
        <FormAlert title="The card was not confirmed">{friendlyMessage(confirm.error)}</FormAlert>
      )}
      <div className="acc-subform-actions">
        <Button
          type="primary"
          loading={confirm.isPending}
          onClick={() => confirm.mutate(pending.confirmationId, { onSuccess: onConfirmed })}
        >
          Confirm card
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}
