// A signed-in shopper's checkout starts filled in: name, email, saved address and default card.
import { useEffect } from 'react';
import type { FormInstance } from 'antd/es/form';
import type { CurrentUser } from '@shop/shared/shell-contract/shell-props';
import type { PaymentMethodsResponse } from '@shop/shared/contract/user';
import type { FormValues } from '../model/checkout-form-values';

export function useAccountPrefill(
  form: FormInstance<FormValues>,
  user: CurrentUser | null,
  saved: PaymentMethodsResponse | undefined,
) {
  useEffect(() => {
    if (!user) return;
    form.setFieldsValue({
      email: form.getFieldValue('email') || user.email,
      fullName: form.getFieldValue('fullName') || user.name,
    });
  }, [user, form]);
  useEffect(() => {
    if (!saved) return;
    const address = saved.paymentMethodsAndAddresses.shippingAddress;
    if (address && !form.getFieldValue('line1')) {
      form.setFieldsValue({
        country: address.country,
        line1: address.line1,
        line2: address.line2 ?? '',
        city: address.city,
        state: address.state,
        postalCode: address.postal_code,
      });
    }
    const preferred =
      saved.paymentMethodsAndAddresses.paymentMethods.find((card) => card.isDefault) ??
      saved.paymentMethodsAndAddresses.paymentMethods[0];
    if (preferred && !form.getFieldValue('savedCardId'))
      form.setFieldsValue({ payment: 'saved', savedCardId: preferred.id });
  }, [saved, form]);
}
