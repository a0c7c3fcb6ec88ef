import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { PageSection } from '@shop/shared/contract/catalog-content';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendReferral } from '../api/anonymous-referral';
import { referralErrors, toReferralBody, type ReferralValues } from '../model/form-rules';
import { CatalogForm } from './catalog-form';
import { FormSuccess } from './form-feedback';
import { useFormSubmit } from '../hooks/use-form-submit';

const keepReferralFields = (fields: Record<string, string>) => ({
  email: fields.email,
  referred: fields.referred,
});

/** A visitor invites a friend by email; both addresses are checked and self-referral is refused. */
export function ReferralForm({
  section,
  labelledBy,
}: {
  section: Extract<PageSection, { kind: 'referral' }>;
  labelledBy: string;
}) {
  const { api } = useShell();
  const [form] = Form.useForm<ReferralValues>();
  const { mutation, generalError } = useFormSubmit({
    form,
    send: (values: ReferralValues) => sendReferral(api, toReferralBody(values)),
    mapFields: keepReferralFields,
  });

  if (mutation.isSuccess) {
    return (
      <FormSuccess
        title={
          mutation.data.alreadyReferred ? 'You had already invited this friend' : 'Invitation sent'
        }
        text={
          mutation.data.alreadyReferred
            ? 'No second email will be sent, so they will not be bothered twice.'
            : section.successText
        }
        againLabel="Invite someone else"
        onAgain={() => {
          form.resetFields(['referred']);
          mutation.reset();
        }}
      />
    );
  }

  // One rule per field, each reading both values, so the self-referral message lands on "Friend's email".
  const fieldRule = (field: keyof ReferralValues) => ({
    validator: () => {
      const message = referralErrors(form.getFieldsValue())[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

  return (
    <CatalogForm
      form={form}
      labelledBy={labelledBy}
      onFinish={(values) => mutation.mutate(values)}
      error={generalError}
      pending={mutation.isPending}
      submitLabel="Send invitation"
    >
      <Form.Item
        name="email"
        label="Your email"
        rules={[fieldRule('email')]}
        validateTrigger="onBlur"
      >
        <Input size="large" type="email" inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="referred"
        label="Friend's email"
        rules={[fieldRule('referred')]}
        validateTrigger="onBlur"
        dependencies={['email']}
      >
        <Input size="large" type="email" inputMode="email" autoComplete="off" />
      </Form.Item>
    </CatalogForm>
  );
}
