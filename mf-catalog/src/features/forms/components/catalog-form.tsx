import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import type { ReactNode } from 'react';
import type { ApiError } from '@shop/shared/http/api-error';
import { FormError } from './form-feedback';

/** The frame both catalog forms share: labelled by their section, unique field ids, errors on top. */
export function CatalogForm<TValues>({
  form,
  labelledBy,
  onFinish,
  error,
  pending,
  submitLabel,
  children,
}: {
  form: FormInstance<TValues>;
  labelledBy: string;
  onFinish: (values: TValues) => void;
  error: ApiError | null;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form
      form={form}
      // The form name prefixes the field ids, so two forms on one page never share an id.
      name={labelledBy}
      layout="vertical"
      requiredMark={false}
      className="cat-form-card"
      aria-labelledby={labelledBy}
      onFinish={onFinish}
      noValidate
    >
      <FormError error={error} />
      <div className="cat-form-grid">{children}</div>
      <Button type="primary" size="large" htmlType="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
