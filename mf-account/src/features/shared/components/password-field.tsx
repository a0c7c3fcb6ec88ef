import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { checkPassword, passwordProblem } from '@shop/shared/rules/password-policy';

/**
 * A new-password field with the shared policy as a live checklist. antd links the checklist (the
 * item's `extra`) to the input with aria-describedby, so a screen reader reads the rules with it.
 */
export function NewPasswordField({
  name = 'password',
  label,
  email,
}: {
  name?: string;
  label: string;
  /** The account's email, for the "not your email name" rule. */
  email?: string;
}) {
  const password: string = Form.useWatch(name) ?? '';
  // Nothing typed yet: every rule is still to meet, none is ticked.
  const rules = checkPassword(password, { email }).map((rule) => ({
    ...rule,
    met: password !== '' && rule.met,
  }));
  return (
    <Form.Item
      label={label}
      name={name}
      validateTrigger="onBlur"
      rules={[
        {
          required: true,
          validator: async (_rule, value: unknown) => {
            const problem = passwordProblem(typeof value === 'string' ? value : '', { email });
            if (problem) throw new Error(problem);
          },
        },
      ]}
      extra={
        <ul className="acc-checklist" aria-label="Password rules">
          {rules.map((rule) => (
            <li key={rule.id} data-met={rule.met}>
              <span className="acc-mark" aria-hidden="true">
                {rule.met ? '✓' : '•'}
              </span>
              {rule.label}
              <span className="acc-sr-only">{rule.met ? ' (met)' : ' (not met yet)'}</span>
            </li>
          ))}
        </ul>
      }
    >
      <Input.Password autoComplete="new-password" size="large" />
    </Form.Item>
  );
}
