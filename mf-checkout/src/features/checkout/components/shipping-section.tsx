import { useEffect, useMemo, useRef } from 'react';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { CartItem } from '@shop/shared/contract/cart';
import type { ShippingCountry } from '@shop/shared/contract/common';
import { formatMoney } from '@shop/shared/format/money';
import { isRegionOf, POSTAL_CODES, REGIONS } from '@shop/shared/rules/contact-details';
import { deliveryEstimate } from '@shop/shared/rules/delivery-estimate';
import { useShippingOptions } from '../api/shipping-cost';
import type { FormValues } from '../model/checkout-form-values';

/** The address, the delivery estimate for the country, and how a subscription's kits ship. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function ShippingSection({
  form,
  items,
  country,
  hasRecurring,
}: {
  form: FormInstance<FormValues>;
  items: readonly CartItem[];
  country: ShippingCountry;
  hasRecurring: boolean;
}) {
  const shippingOptions = useShippingOptions(items, country);
  const estimate = useMemo(() => deliveryEstimate(new Date(), country).label, [country]);
  const postal = POSTAL_CODES[country];
  const region = REGIONS[country];
  // A new country brings its own rules: what was typed is checked again under them once they
  // render, so a Canadian address never shows a message about ZIP codes or states.
  const previousCountry = useRef(country);
  useEffect(() => {
    if (previousCountry.current === country) return;
    previousCountry.current = country;
    // Only what was typed, or already shows a message; an empty field nobody reached stays quiet.
    const shown = (['state', 'postalCode'] as const).filter(
      (name) => Boolean(form.getFieldValue(name)) || form.getFieldError(name).length > 0,
    );
    if (shown.length > 0) form.validateFields([...shown]).catch(() => undefined);
  }, [country, form]);
  return (
    <section className="co-panel" aria-labelledby="co-shipping">
      <h2 id="co-shipping">Shipping</h2>
      <Form.Item label="Country" name="country" rules={[{ required: true }]}>
        <Select
          options={[
            { value: 'US', label: 'United States' },
            { value: 'CA', label: 'Canada' },
          ]}
          aria-label="Country"
        />
      </Form.Item>
      <Form.Item
        label="Address"
        name="line1"
        rules={[{ required: true, whitespace: true, message: 'Please enter an address' }]}
      >
        <Input autoComplete="address-line1" />
      </Form.Item>
      <Form.Item label="Apartment, suite (optional)" name="line2">
        <Input autoComplete="address-line2" />
      </Form.Item>
      <div className="co-row co-row-3">
        <Form.Item
          label="City"
          name="city"
          rules={[{ required: true, whitespace: true, message: 'Please enter a city' }]}
        >
          <Input autoComplete="address-level2" />
        </Form.Item>
        <Form.Item
          label={region.label}
          name="state"
          rules={[
            { required: true, whitespace: true, message: region.missing },
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value.trim() && !isRegionOf(country, value))
                  throw new Error(region.invalid);
              },
            },
          ]}
        >
          <Input autoComplete="address-level1" />
        </Form.Item>
        <Form.Item
          label={postal.label}
          name="postalCode"
          rules={[
            { required: true, whitespace: true, message: postal.message },
            { pattern: postal.pattern, message: postal.message },
          ]}
        >
          <Input autoComplete="postal-code" />
        </Form.Item>
      </div>
      <p className="co-estimate" data-testid="delivery-estimate">
        {estimate}
      </p>
      {hasRecurring && (
        <Form.Item
          name="shipUpfront"
          label="Delivery of your subscription kits"
          style={{ marginBottom: 0 }}
        >
          <Radio.Group>
            <Radio value={false}>
              One kit each period
              {shippingOptions.data ? ` (${formatMoney(shippingOptions.data.standard)} now)` : ''}
            </Radio>
            <Radio value={true}>
              Ship all kits upfront in one parcel
              {shippingOptions.data ? ` (${formatMoney(shippingOptions.data.upfront)})` : ''}
            </Radio>
          </Radio.Group>
        </Form.Item>
      )}
    </section>
  );
}
