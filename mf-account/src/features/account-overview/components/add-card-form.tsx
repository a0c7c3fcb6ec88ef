import { useState } from 'react';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { cardInputSchema } from '@shop/shared/contract/payment';
import type { PaymentMethodConfirmation } from '@shop/shared/contract/user';
import { zodIssuesByField, zodRule } from '@shop/shared/forms/zod-rule';
import { FormAlert } from '../../shared/components/form-alert';
import {
  applyApiFieldErrors,
  friendlyMessage,
  type FieldMap,
} from '../../shared/forms/api-form-errors';
import { needsConfirmation, useAddPaymentMethod } from '../api/add-payment-method';
import { CardConfirmation } from './card-confirmation';

interface CardValues {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  makeDefault?: boolean;
}

/** API field paths -> form fields; a decline arrives on `card` and belongs next to the number. */
const CARD_FIELDS: FieldMap<CardValues> = {
  card: 'number',
  'card.number': 'number',
  'card.expMonth': 'expMonth',
  'card.expYear': 'expYear',
  'card.cvc': 'cvc',
};

const { shape } = cardInputSchema;

/** The card's digits fields: all numeric, each checked by the contract's own rule. */
const CARD_INPUTS = [
  {
    name: 'number',
    placeholder: '1234 1234 1234 1234',
    label: 'Card number',
    autoComplete: 'cc-number',
    maxLength: 23,
    schema: shape.number,
    missing: 'Please enter the card number',
  },
  {
    name: 'expMonth',
    placeholder: 'MM',
    label: 'Expiry month',
    autoComplete: 'cc-exp-month',
    maxLength: 2,
    schema: shape.expMonth,
    missing: 'Please enter the month',
  },
  {
    name: 'expYear',
    placeholder: 'YY',
    label: 'Expiry year',
    autoComplete: 'cc-exp-year',
    maxLength: 4,
    schema: shape.expYear,
    missing: 'Please enter the year',
  },
  {
    name: 'cvc',
    placeholder: '123',
    label: 'CVC',
    autoComplete: 'cc-csc',
    maxLength: 4,
    schema: shape.cvc,
    missing: 'Please enter the CVC',
  },
] as const;

function renderCardInput(input: (typeof CARD_INPUTS)[number]) {
  return (
    <Form.Item
      key={input.name}
      label={input.label}
      name={input.name}
      validateTrigger="onBlur"
      rules={[zodRule(input.schema, { required: true, requiredMessage: input.missing })]}
    >
      <Input
        inputMode="numeric"
        autoComplete={input.autoComplete}
        placeholder={input.placeholder}
        maxLength={input.maxLength}
        size="large"
        autoFocus={input.name === 'number'}
      />
    </Form.Item>
  );
}

export function AddCardForm({ onClose }: { onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<CardValues>();
  const add = useAddPaymentMethod();
  const [pending, setPending] = useState<PaymentMethodConfirmation | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (pending) {
    return (
      <CardConfirmation
        pending={pending}
        onConfirmed={() => onClose(true)}
        onCancel={() => onClose(false)}
      />
    );
  }

  const onFinish = ({ makeDefault, ...card }: CardValues) => {
    setError(null);
    // The whole-card rules (an expiry in the past) need every field at once.
    const parsed = cardInputSchema.safeParse(card);
    if (!parsed.success) {
      const issues = zodIssuesByField(parsed.error);
      form.setFields(
        Object.entries(issues).map(([field, message]) => ({
          name: field as keyof CardValues,
          errors: [message],
        })),
      );
      return;
    }
    add.mutate(
      { card, makeDefault: makeDefault === true },
      {
        onSuccess: (result) => (needsConfirmation(result) ? setPending(result) : onClose(true)),
        onError: (apiError) => {
          if (!applyApiFieldErrors(form, apiError, CARD_FIELDS))
            setError(friendlyMessage(apiError));
        },
      },
    );
  };

  return (
    <Form<CardValues>
      form={form}
      className="acc-subform"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      aria-label="Add a card"
      noValidate
    >
      <h3>Add a card</h3>
      {error && <FormAlert title="The card was not saved">{error}</FormAlert>}
      {CARD_INPUTS.slice(0, 1).map(renderCardInput)}
      <div className="acc-form-row acc-form-row--3">
        {CARD_INPUTS.slice(1).map(renderCardInput)}
      </div>
      <Form.Item name="makeDefault" valuePropName="checked">
        <Checkbox>Make this my default card</Checkbox>
      </Form.Item>
      <div className="acc-subform-actions">
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Save card
        </Button>
        <Button onClick={() => onClose(false)}>Cancel</Button>
      </div>
    </Form>
  );
}
