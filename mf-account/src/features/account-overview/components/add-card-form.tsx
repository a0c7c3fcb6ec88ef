// Adding a card: the payment provider's own element collects it (a setup, nothing is charged)
// and our API gets only its token. A bank that asks for 3-D Secure is answered in the provider's
// dialog; the card is saved once our API has asked the provider that the setup succeeded.
import { useRef, useState, type RefObject } from 'react';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import { PaymentElement, type PaymentElementHandle } from '@shop/shared/payments/payment-element';
import type { ApiError } from '@shop/shared/http/api-error';
import { FormAlert } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { needsConfirmation, useAddPaymentMethod } from '../api/add-payment-method';
import { useConfirmPaymentMethod } from '../api/confirm-payment-method';

interface CardValues {
  makeDefault?: boolean;
}

const NOT_READY = 'The card form is still loading. Please try again in a moment.';

/** Token, then POST it; a 202 goes through the bank's step and POST confirmation. */
function useSaveCard(element: RefObject<PaymentElementHandle | null>) {
  const add = useAddPaymentMethod();
  const confirm = useConfirmPaymentMethod();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(makeDefault: boolean): Promise<boolean> {
    setError(null);
    setSaving(true);
    try {
      const made = (await element.current?.createToken()) ?? { error: NOT_READY };
      if ('error' in made) {
        setError(made.error);
        return false;
      }
      const result = await add.mutateAsync({ token: made.token, makeDefault });
      if (!needsConfirmation(result)) return true;
      // The bank's dialog shows the progress now; the button waits again for the confirmation.
      setSaving(false);
      const bank = await element.current!.handleNextAction(result.clientSecret);
      if (bank.error) {
        setError(bank.error);
        return false;
      }
      setSaving(true);
      await confirm.mutateAsync({ confirmationId: result.confirmationId, makeDefault });
      return true;
    } catch (apiError) {
      setError(friendlyMessage(apiError as ApiError));
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { save, saving, error };
}

export function AddCardForm({ onClose }: { onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<CardValues>();
  const element = useRef<PaymentElementHandle>(null);
  const card = useSaveCard(element);

  return (
    <Form<CardValues>
      form={form}
      className="acc-subform"
      layout="vertical"
      requiredMark={false}
      onFinish={async ({ makeDefault }) => {
        if (await card.save(makeDefault === true)) onClose(true);
      }}
      aria-label="Add a card"
      noValidate
    >
      <h3>Add a card</h3>
      {card.error && <FormAlert title="The card was not saved">{card.error}</FormAlert>}
      <div className="acc-element">
        <PaymentElement ref={element} mode="setup" />
      </div>
      <Form.Item name="makeDefault" valuePropName="checked">
        <Checkbox>Make this my default card</Checkbox>
      </Form.Item>
      <div className="acc-subform-actions">
        <Button type="primary" htmlType="submit" loading={card.saving}>
          Save card
        </Button>
        <Button onClick={() => onClose(false)}>Cancel</Button>
      </div>
    </Form>
  );
}
