import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { PRICING_MODES } from '@shop/shared/contract/customization';
import { PARTNER_META_NAMES } from '@shop/shared/rules/partner-rules';
import { hexColorOr } from '@shop/shared/rules/hex-color';
import {
  aboutPointRule,
  FIELD_GROUPS,
  fieldRule,
  productsRule,
  shopKeyRule,
  type PartnerFormValues,
  type PlainField,
} from '../model/partner-form';

/** Form.Item hands its child the value, change handler, id and aria attributes: passed on as they are. */
type ControlProps = Record<string, unknown>;

function FieldInput({
  field,
  form,
  ...control
}: { field: PlainField; form: FormInstance<PartnerFormValues> } & ControlProps) {
  const color = Form.useWatch(field.name, form);
  if (field.kind === 'textarea')
    return <Input.TextArea {...control} autoSize={{ minRows: 2, maxRows: 8 }} />;
  if (field.kind === 'color')
    return (
      <Input
        {...control}
        placeholder="#3cbab5"
        maxLength={7}
        suffix={
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 18,
              height: 18,
              borderRadius: 4,
              border: '1px solid #8a9a9c',
              background: hexColorOr(color, 'transparent'),
            }}
          />
        }
      />
    );
  return (
    <Input
      {...control}
      inputMode={field.kind === 'text' ? 'text' : 'url'}
      placeholder={field.kind === 'text' ? undefined : 'https://…'}
    />
  );
}

export interface PartnerFormProps {
  form: FormInstance<PartnerFormValues>;
  initialValues: PartnerFormValues;
  isNew: boolean;
  saving: boolean;
  /** A save error the fields did not take (shown above the button; the values stay). */
  formError: string | null;
  onValuesChange: (values: PartnerFormValues) => void;
  onSubmit: (values: PartnerFormValues) => void;
}

/** Every customization field, each checked by the contract's own schema as it is typed. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function PartnerForm({
  form,
  initialValues,
  isNew,
  saving,
  formError,
  onValuesChange,
  onSubmit,
}: PartnerFormProps) {
  const [submitted, setSubmitted] = useState(false);
  return (
    <Form<PartnerFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={(_changed, all) => onValuesChange(all)}
      onFinish={onSubmit}
      onFinishFailed={() => setSubmitted(true)}
      scrollToFirstError={{ block: 'center', focus: true }}
      aria-label={isNew ? 'New partner' : 'Partner customization'}
    >
      <Form.Item
        name="shopKey"
        label="Shop key (the storefront's address /shop/<key>)"
        rules={isNew ? [shopKeyRule] : []}
      >
        <Input disabled={!isNew} autoComplete="off" />
      </Form.Item>
      {FIELD_GROUPS.map((group) => (
        <fieldset key={group.title} className="ops-fieldset">
          <legend>{group.title}</legend>
          {group.fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              rules={[fieldRule(field.name)]}
              required={field.name === 'businessName' || field.name === 'primaryColor'}
            >
              <FieldInput field={field} form={form} />
            </Form.Item>
          ))}
          {group.title === 'Main page' && (
            <Form.Item
              name="newMarkersSection"
              label="Show the biomarkers section"
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          )}
          {group.title === 'Banner' && (
            <Form.Item name="bannerShow" label="Show the banner" valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
          {group.title === 'About' && <AboutPoints />}
        </fieldset>
      ))}
      <fieldset className="ops-fieldset">
        <legend>Pricing and products</legend>
        <Form.Item name="pricingMode" label="Pricing mode" rules={[fieldRule('pricingMode')]}>
          <Select options={PRICING_MODES.map((mode) => ({ value: mode, label: mode }))} />
        </Form.Item>
        <Form.Item
          name="products"
          label="Products (JSON list of offers; blank for the shop's own)"
          rules={[productsRule]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 12 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <RedirectRules />
      </fieldset>
      <fieldset className="ops-fieldset">
        <legend>Meta tags</legend>
        <MetaTags />
      </fieldset>
      {formError && (
        <Alert
          role="alert"
          type="error"
          showIcon
          title="Not saved"
          description={formError}
          style={{ marginBottom: 16 }}
        />
      )}
      {submitted && !formError && (
        <p className="ops-visually-hidden" aria-live="polite">
          Some fields need attention.
        </p>
      )}
      <Button type="primary" htmlType="submit" loading={saving} size="large">
        {isNew ? 'Create partner' : 'Publish changes'}
      </Button>
    </Form>
  );
}

function AboutPoints() {
  return (
    <Form.List name="aboutPoints">
      {(fields, { add, remove }) => (
        <div role="group" aria-label="About points">
          <p style={{ marginBottom: 8 }}>About points</p>
          {fields.map((field, index) => (
            <div key={field.key} style={{ display: 'flex', gap: 8 }}>
              <Form.Item name={field.name} rules={[aboutPointRule]} style={{ flex: 1 }}>
                <Input aria-label={`About point ${index + 1}`} />
              </Form.Item>
              <Button
                onClick={() => remove(field.name)}
                aria-label={`Remove about point ${index + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button onClick={() => add('')} style={{ marginBottom: 16 }}>
            Add a point
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function MetaTags() {
  return (
    <Form.List name="metaTags">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <div
              key={field.key}
              role="group"
              aria-label={`Meta tag ${index + 1}`}
              style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
            >
              <Form.Item name={[field.name, 'name']} label="Name" style={{ minWidth: 140 }}>
                <Select
                  options={PARTNER_META_NAMES.map((name) => ({ value: name, label: name }))}
                  aria-label={`Meta tag ${index + 1} name`}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'content']}
                label="Content"
                style={{ flex: 1, minWidth: 180 }}
              >
                <Input />
              </Form.Item>
              <Button
                onClick={() => remove(field.name)}
                style={{ alignSelf: 'center' }}
                aria-label={`Remove meta tag ${index + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            onClick={() => add({ name: 'description', content: '' })}
            style={{ marginBottom: 16 }}
          >
            Add a meta tag
          </Button>
        </>
      )}
    </Form.List>
  );
}

function RedirectRules() {
  return (
    <Form.List name="redirectAfterPurchase">
      {(fields, { add, remove }) => (
        <div role="group" aria-label="Redirects after purchase">
          <p style={{ marginBottom: 8 }}>Redirects after purchase</p>
          {fields.map((field, index) => (
            <div
              key={field.key}
              role="group"
              aria-label={`Redirect ${index + 1}`}
              style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
            >
              <Form.Item
                name={[field.name, 'url']}
                label="Address"
                style={{ flex: 1, minWidth: 180 }}
              >
                <Input inputMode="url" placeholder="https://…" />
              </Form.Item>
              <Form.Item
                name={[field.name, 'productKeys']}
                label="After these products (any when empty)"
                style={{ flex: 1, minWidth: 180 }}
              >
                <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
              </Form.Item>
              <Button
                onClick={() => remove(field.name)}
                style={{ alignSelf: 'center' }}
                aria-label={`Remove redirect ${index + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button onClick={() => add({ url: '', productKeys: [] })} style={{ marginBottom: 16 }}>
            Add a redirect
          </Button>
        </div>
      )}
    </Form.List>
  );
}
