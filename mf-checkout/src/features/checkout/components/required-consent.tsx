import type { ReactNode } from 'react';
import Checkbox, { type CheckboxProps } from 'antd/es/checkbox';
import Form from 'antd/es/form';
import type { FormValues } from '../model/checkout-form-values';

/**
 * The box, described by its terms and, while it shows, by its error: antd's Form.Item sets
 * aria-describedby to the error alone, so the terms' id is put back beside it.
 */
function DescribedCheckbox({
  termsId,
  'aria-describedby': feedbackIds,
  ...props
}: CheckboxProps & { termsId: string; 'aria-describedby'?: string }) {
  return (
    <Checkbox {...props} aria-describedby={[feedbackIds, termsId].filter(Boolean).join(' ')} />
  );
}

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
            // An alert, so a screen reader says it the moment it appears.
            message: <span role="alert">{missing}</span>,
          },
        ]}
      >
        <DescribedCheckbox termsId={termsId} aria-required="true">
          {children}
        </DescribedCheckbox>
      </Form.Item>
    </>
  );
}
