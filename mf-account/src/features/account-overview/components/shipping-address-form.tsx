import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { Rule } from 'antd/es/form';
import {
  addressSchema,
  SHIPPING_COUNTRIES,
  type AddressView,
  type ShippingCountry,
} from '@shop/shared/contract/common';
import { zodRule } from '@shop/shared/forms/zod-rule';
import { POSTAL_CODES } from '@shop/shared/rules/contact-details';
import { FormAlert } from '../../shared/components/form-alert';
import {
  applyApiFieldErrors,
  friendlyMessage,
  type FieldMap,
} from '../../shared/forms/api-form-errors';
import { useUpdateShippingAddress } from '../api/update-shipping-address';
import { COUNTRY_NAMES, REGION_LABEL, REGIONS } from '../model/regions';

interface AddressValues {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postal_code: string;
  country: ShippingCountry;
}

const ADDRESS_FIELDS: FieldMap<AddressValues> = {
  name: 'name',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  state: 'state',
  postal_code: 'postal_code',
  country: 'country',
};

const { shape } = addressSchema;

function toBody(values: AddressValues) {
  return { ...values, line2: values.line2?.trim() ? values.line2.trim() : null };
}

/** The postal code's format depends on the country, so it is checked with the country's pattern. */
const postalCodeRule: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const rule = POSTAL_CODES[getFieldValue('country') as ShippingCountry];
    if (!rule || typeof value !== 'string' || value.trim() === '') return;
    if (!rule.pattern.test(value.trim())) throw new Error(rule.message);
  },
});

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function ShippingAddressForm({
  address,
  defaultName,
  onClose,
}: {
  address: AddressView | null;
  defaultName: string;
  onClose: (saved: boolean) => void;
}) {
  const [form] = Form.useForm<AddressValues>();
  const update = useUpdateShippingAddress();
  const country: ShippingCountry = Form.useWatch('country', form) ?? address?.country ?? 'US';
  const generalError =
    update.error && Object.keys(update.error.fields).length === 0 ? update.error : null;

  const onFinish = (values: AddressValues) =>
    update.mutate(toBody(values), {
      onSuccess: () => onClose(true),
      onError: (error) => applyApiFieldErrors(form, error, ADDRESS_FIELDS),
    });

  return (
    <Form<AddressValues>
      form={form}
      className="acc-subform"
      layout="vertical"
      requiredMark={false}
      aria-label="Shipping address"
      initialValues={
        address ? { ...address, line2: address.line2 ?? '' } : { name: defaultName, country: 'US' }
      }
      onFinish={onFinish}
      onValuesChange={(changed: Partial<AddressValues>) => {
        // States and provinces differ: a new country needs a new choice.
        if (changed.country) form.setFieldsValue({ state: undefined });
      }}
      noValidate
    >
      {generalError && (
        <FormAlert title="The address was not saved">{friendlyMessage(generalError)}</FormAlert>
      )}
      <Form.Item
        label="Full name"
        name="name"
        validateTrigger="onBlur"
        rules={[zodRule(shape.name, { required: true })]}
      >
        <Input autoComplete="shipping name" size="large" autoFocus />
      </Form.Item>
      <Form.Item
        label="Country"
        name="country"
        rules={[zodRule(shape.country, { required: true })]}
      >
        <Select
          size="large"
          options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }))}
        />
      </Form.Item>
      <Form.Item
        label="Address line 1"
        name="line1"
        validateTrigger="onBlur"
        rules={[zodRule(shape.line1, { required: true })]}
      >
        <Input autoComplete="shipping address-line1" size="large" />
      </Form.Item>
      <Form.Item label="Address line 2 (optional)" name="line2">
        <Input autoComplete="shipping address-line2" size="large" />
      </Form.Item>
      <div className="acc-form-row acc-form-row--2">
        <Form.Item
          label="City"
          name="city"
          validateTrigger="onBlur"
          rules={[zodRule(shape.city, { required: true })]}
        >
          <Input autoComplete="shipping address-level2" size="large" />
        </Form.Item>
        <Form.Item
          label={REGION_LABEL[country]}
          name="state"
          rules={[
            { required: true, message: `Please choose a ${REGION_LABEL[country].toLowerCase()}` },
          ]}
        >
          <Select
            size="large"
            showSearch={{ optionFilterProp: 'label' }}
            options={REGIONS[country].map((region) => ({ value: region.code, label: region.name }))}
          />
        </Form.Item>
      </div>
      <div className="acc-form-row acc-form-row--2">
        <Form.Item
          label={POSTAL_CODES[country].label}
          name="postal_code"
          validateTrigger="onBlur"
          dependencies={['country']}
          rules={[zodRule(shape.postal_code, { required: true }), postalCodeRule]}
        >
          <Input autoComplete="shipping postal-code" size="large" />
        </Form.Item>
      </div>
      <div className="acc-subform-actions">
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save address
        </Button>
        <Button onClick={() => onClose(false)}>Cancel</Button>
      </div>
    </Form>
  );
}
