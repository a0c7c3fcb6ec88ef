import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { emailInputSchema } from '@shop/shared/contract/common';
import { zodRule } from '@shop/shared/forms/zod-rule';

/** Email, name and the marketing opt-in; leaving either field reports the contact details once. */
export function ContactSection({ onContactBlur }: { onContactBlur(): void }) {
  return (
    <section className="co-panel" aria-labelledby="co-contact">
      <h2 id="co-contact">Contact</h2>
      <div className="co-row co-row-2">
        <Form.Item
          label="Email"
          name="email"
          rules={[zodRule(emailInputSchema, { required: true })]}
        >
          <Input type="email" autoComplete="email" onBlur={onContactBlur} />
        </Form.Item>
        <Form.Item
          label="Full name"
          name="fullName"
          rules={[{ required: true, whitespace: true, message: 'Please enter your full name' }]}
        >
          <Input autoComplete="name" onBlur={onContactBlur} />
        </Form.Item>
      </div>
      <Form.Item name="marketing" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox>Email me news and offers</Checkbox>
      </Form.Item>
    </section>
  );
}
