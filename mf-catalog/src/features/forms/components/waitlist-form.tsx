import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { PageSection } from '@shop/shared/contract/catalog-content';
import { emailInputSchema } from '@shop/shared/contract/common';
import { useShell } from '@shop/shared/federation/remote-root';
import { zodRule } from '@shop/shared/forms/zod-rule';
import { joinWaitlist } from '../api/invitation';
import {
  apiFieldsToWaitlist,
  nameError,
  toInvitationBody,
  type WaitlistValues,
} from '../model/form-rules';
import { CatalogForm } from './catalog-form';
import { FormSuccess } from './form-feedback';
import { useFormSubmit } from '../hooks/use-form-submit';

const check = (error: (value: unknown) => string | null) => ({
  validator: (_rule: unknown, value: unknown) => {
    const message = error(value);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/** A waiting-list sign-up (New York launch or California supplements): the source comes from the page's copy. */
export function WaitlistForm({
  section,
  labelledBy,
}: {
  section: Extract<PageSection, { kind: 'waitlist' }>;
  labelledBy: string;
}) {
  const { api } = useShell();
  const [form] = Form.useForm<WaitlistValues>();
  const { mutation, generalError } = useFormSubmit({
    form,
    send: (values: WaitlistValues) => joinWaitlist(api, toInvitationBody(values, section.source)),
    mapFields: apiFieldsToWaitlist,
  });

  if (mutation.isSuccess) {
    const already = mutation.data.alreadyOnList;
    return (
      <FormSuccess
        title={already ? 'You are already on the list' : 'You are on the list'}
        text={already ? section.alreadyText : section.successText}
        againLabel="Add another person"
        onAgain={() => {
          form.resetFields();
          mutation.reset();
        }}
      />
    );
  }

  return (
    <CatalogForm
      form={form}
      labelledBy={labelledBy}
      onFinish={(values) => mutation.mutate(values)}
      error={generalError}
      pending={mutation.isPending}
      submitLabel="Join the waitlist"
    >
      <Form.Item
        name="fullName"
        label="Full name"
        rules={[check(nameError)]}
        validateTrigger="onBlur"
      >
        <Input size="large" autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="email"
        label="Email"
        rules={[zodRule(emailInputSchema)]}
        validateTrigger="onBlur"
      >
        <Input size="large" type="email" inputMode="email" autoComplete="email" />
      </Form.Item>
    </CatalogForm>
  );
}
