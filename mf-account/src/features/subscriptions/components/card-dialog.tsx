// The card renewals are charged to: one of the subscriber's saved cards, or a new one added with
// the account's own add-card form (then chosen at once). A past-due renewal is tried again with it.
import { useId, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import { useQueryClient } from '@tanstack/react-query';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import type { PaymentMethodsResponse } from '@shop/shared/contract/user';
import type { StepProps } from './subscription-dialog';
import { FormAlert } from '../../shared/components/form-alert';
import { LoadFailed } from '../../shared/components/load-failed';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import {
  PAYMENT_METHODS_QUERY_KEY,
  usePaymentMethods,
} from '../../account-overview/api/payment-methods';
import { AddCardForm } from '../../account-overview/components/add-card-form';
import { cardName } from '../../account-overview/components/payment-method-row';
import { useUpdateSubscriptionCard } from '../api/subscription-card';

const overdue = (subscription: SubscriptionDetail) =>
  subscription.status === 'past_due' || subscription.status === 'incomplete';

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function CardDialogBody({ subscription, onDone, onClose }: StepProps) {
  const queryClient = useQueryClient();
  const methods = usePaymentMethods();
  const update = useUpdateSubscriptionCard(subscription.id);
  const cards = methods.data?.paymentMethodsAndAddresses.paymentMethods ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const known = useRef<Set<string>>(new Set());
  const addButton = useRef<HTMLButtonElement>(null);
  const legendId = useId();
  // Preselected: the card renewals go to now when it is among the saved ones, else the default.
  const selected =
    chosen ??
    (
      cards.find((card) => card.id === subscription.paymentMethod?.id) ??
      cards.find((card) => card.isDefault)
    )?.id ??
    null;

  const startAdding = () => {
    known.current = new Set(cards.map((card) => card.id));
    setAdding(true);
  };

  // The saved list is fresh in the cache by now: the card that was not there before is the new one.
  const added = (saved: boolean) => {
    setAdding(false);
    if (saved) {
      const fresh =
        queryClient.getQueryData<PaymentMethodsResponse>(PAYMENT_METHODS_QUERY_KEY)
          ?.paymentMethodsAndAddresses.paymentMethods ?? [];
      const card = fresh.find((method) => !known.current.has(method.id));
      if (card) setChosen(card.id);
    }
    setTimeout(() => addButton.current?.focus(), 0);
  };

  const submit = () => {
    if (!selected) return setError('Choose a card, or add one.');
    setError(null);
    update.mutate(
      { paymentMethodId: selected },
      {
        onSuccess: (updated) => {
          const name = updated.paymentMethod
            ? cardName(updated.paymentMethod)
            : 'the card you chose';
          onDone(
            overdue(subscription) && updated.status === 'active'
              ? `Thank you: the payment went through with ${name} and your subscription is active again.`
              : overdue(subscription)
                ? `Renewals now go to ${name}. We are trying the payment again with it.`
                : `Renewals now go to ${name}. We have emailed you a confirmation.`,
          );
        },
        onError: (apiError) => setError(friendlyMessage(apiError)),
      },
    );
  };

  return (
    <div className="acc-dialog">
      {error && <FormAlert title="The card was not changed">{error}</FormAlert>}
      {overdue(subscription) && (
        <p>Your last payment failed. Choose a card and we will try the payment again with it.</p>
      )}
      {methods.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : methods.isError ? (
        <LoadFailed what="your saved cards" onRetry={() => void methods.refetch()} />
      ) : (
        <fieldset className="acc-fieldset">
          <legend id={legendId}>Charge renewals to</legend>
          {cards.length === 0 ? (
            <p className="acc-muted">No saved cards yet: add one below.</p>
          ) : (
            <Radio.Group
              className="acc-radio-list"
              aria-labelledby={legendId}
              value={selected}
              onChange={(event) => {
                setError(null);
                setChosen(event.target.value as string);
              }}
              options={cards.map((card) => ({
                value: card.id,
                label: `${cardName(card)}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
              }))}
            />
          )}
        </fieldset>
      )}
      {adding ? (
        <AddCardForm onClose={added} />
      ) : (
        methods.isSuccess && (
          <Button ref={addButton} className="acc-add-card" onClick={startAdding}>
            Add a new card
          </Button>
        )
      )}
      {/* While the add-card form is open its own Save and Cancel are the only actions. */}
      {!adding && (
        <div className="acc-subform-actions">
          <Button
            type="primary"
            loading={update.isPending}
            disabled={!methods.isSuccess}
            onClick={submit}
          >
            Use this card
          </Button>
          <Button onClick={onClose} disabled={update.isPending}>
            Keep my current card
          </Button>
        </div>
      )}
    </div>
  );
}
