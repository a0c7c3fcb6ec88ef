import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import type { PaymentMethodView } from '@shop/shared/contract/payment';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiError } from '@shop/shared/http/api-error';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useRemovePaymentMethod } from '../api/remove-payment-method';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';

const BRAND_NAMES: Record<PaymentMethodView['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

export function cardName(method: Pick<PaymentMethodView, 'brand' | 'last4'>): string {
  return `${BRAND_NAMES[method.brand]} ending in ${method.last4}`;
}

export function PaymentMethodRow({ method }: { method: PaymentMethodView }) {
  const { notify } = useShell();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();
  const name = cardName(method);
  const onError = (title: string) => (error: ApiError) =>
    notify.error(title, friendlyMessage(error));

  return (
    <li className="acc-card-row" data-default={method.isDefault}>
      <div>
        <span className="acc-card-name">
          {name}
          {method.isDefault && <span className="acc-badge">Default</span>}
        </span>
        <span className="acc-muted">
          Expires {String(method.expMonth).padStart(2, '0')}/{method.expYear}
        </span>
      </div>
      <div className="acc-card-actions">
        {!method.isDefault && (
          <Button
            aria-label={`Make ${name} the default card`}
            loading={setDefault.isPending}
            onClick={() =>
              setDefault.mutate(method.id, { onError: onError('The default card did not change') })
            }
          >
            Make default
          </Button>
        )}
        <Popconfirm
          title={`Remove ${name}?`}
          description="You can add it again later."
          okText="Remove card"
          cancelText="Keep it"
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync(method.id).catch(onError('The card was not removed'))}
        >
          <Button danger aria-label={`Remove ${name}`} loading={remove.isPending}>
            Remove
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}
