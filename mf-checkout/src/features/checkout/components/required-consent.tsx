import type { ReactNode } from 'react';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import type { FormValues } from '../model/checkout-form-values';

/** Terms, and the box that must be ticked for them before the order can be placed. */
export function RequiredConsent({
  name,
  termsId,
  terms,
  missing,
  children,
}: {
  name: keyof FormValues;
  termsId: string;
  terms: ReactNode;
  /** Said when the box is left unticked. */
  missing: string;
  /** The box's label. */
  children: ReactNode;
}) {
  return (
    <>
      <div className="co-terms" id={termsId} data-testid={termsId.replace(/^co-/, '')}>
        {terms}
      </div>
      <Form.Item
        name={name}
        valuePropName="checked"
        rules={[
          {
            required: true,
            validator: (_, value) =>
              value === true ? Promise.resolve() : Promise.reject(new Error(missing)),
          },
        ]}
      >
        <Checkbox aria-describedby={termsId} aria-required="true">
          {children}
        </Checkbox>
      </Form.Item>
    </>
  );
}
