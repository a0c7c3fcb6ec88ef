import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import type { Rule } from 'antd/es/form';
import { activateKitBodySchema } from '@shop/shared/contract/kits';
import { zodRule } from '@shop/shared/forms/zod-rule';
import { KIT_CODE_PROBLEM_TEXT, parseKitCode } from '@shop/shared/kits/kit-code';
import { FormAlert } from '../../shared/components/form-alert';

export interface ActivateValues {
  code: string;
  sampleTaker: 'self' | 'household';
  name: string;
  dateOfBirth: string;
  sexAtBirth: 'female' | 'male' | 'intersex';
  sampleTakenOn: string;
  consentLabTest: boolean;
  consentResultsRelease: boolean;
}

/**
 * The kit ID's rules. While typing: a symbol a kit ID never has at once, the check character once
 * all 11 are in. On leaving the field and on sending: an ID that is empty or too short.
 */
export const kitCodeRules: Rule[] = [
  {
    validateTrigger: ['onChange', 'onBlur'],
    validator: async (_rule, value: unknown) => {
      const reading = parseKitCode(typeof value === 'string' ? value : '');
      if (!reading.ok && reading.problem !== 'empty' && reading.problem !== 'too_short')
        throw new Error(KIT_CODE_PROBLEM_TEXT[reading.problem]);
    },
  },
  {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const reading = parseKitCode(typeof value === 'string' ? value : '');
      if (!reading.ok && (reading.problem === 'empty' || reading.problem === 'too_short'))
        throw new Error(KIT_CODE_PROBLEM_TEXT[reading.problem]);
    },
  },
];

const consentRule = (message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (value !== true) throw new Error(message);
  },
});

/** The activation form; its values live in `form`, so a refused try loses nothing. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function ActivateForm({
  form,
  busy,
  error,
  onSubmit,
}: {
  form: FormInstance<ActivateValues>;
  busy: boolean;
  error: string | null;
  onSubmit: (values: ActivateValues) => void;
}) {
  const shape = activateKitBodySchema.shape;
  const taker: ActivateValues['sampleTaker'] | undefined = Form.useWatch('sampleTaker', form);
  const who = taker === 'household' ? 'their' : 'your';
  return (
    <Form<ActivateValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onSubmit}
      noValidate
      scrollToFirstError={{ focus: true }}
    >
      {error && <FormAlert title="The kit was not activated">{error}</FormAlert>}
      <Form.Item
        label="Kit ID"
        name="code"
        validateTrigger={['onChange', 'onBlur']}
        rules={kitCodeRules}
        extra="Printed on the box and the tube label, like ABCDE-FGHJK-M. Letters or digits; case and dashes do not matter."
      >
        <Input
          size="large"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          className="acc-kit-code"
        />
      </Form.Item>
      <Form.Item
        label="Who is taking the sample?"
        name="sampleTaker"
        rules={[{ required: true, message: 'Choose who is taking the sample' }]}
      >
        <Radio.Group>
          <Radio value="self">Me</Radio>
          <Radio value="household">Someone in my household</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label={taker === 'household' ? 'Their full name' : 'Your full name'}
        name="name"
        validateTrigger="onBlur"
        rules={[zodRule(shape.name, { required: true })]}
      >
        <Input size="large" autoComplete={taker === 'household' ? 'off' : 'name'} />
      </Form.Item>
      <Form.Item
        label="Date of birth"
        name="dateOfBirth"
        validateTrigger="onBlur"
        extra="The lab reads results against ranges for age and sex at birth."
        rules={[
          zodRule(shape.dateOfBirth, {
            required: true,
            requiredMessage: 'Enter the date of birth',
          }),
        ]}
      >
        <Input type="date" size="large" autoComplete={taker === 'household' ? 'off' : 'bday'} />
      </Form.Item>
      <Form.Item
        label="Sex at birth"
        name="sexAtBirth"
        rules={[{ required: true, message: 'Choose the sex at birth' }]}
      >
        <Radio.Group>
          <Radio value="female">Female</Radio>
          <Radio value="male">Male</Radio>
          <Radio value="intersex">Intersex</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label="Day the sample is taken"
        name="sampleTakenOn"
        validateTrigger="onBlur"
        rules={[
          zodRule(shape.sampleTakenOn, {
            required: true,
            requiredMessage: 'Enter the day the sample is taken',
          }),
        ]}
      >
        <Input type="date" size="large" />
      </Form.Item>
      <Form.Item
        name="consentLabTest"
        valuePropName="checked"
        rules={[consentRule('The lab needs this authorisation to test the sample')]}
      >
        <Checkbox>I authorise the lab to test {who} sample.</Checkbox>
      </Form.Item>
      <Form.Item
        name="consentResultsRelease"
        valuePropName="checked"
        rules={[consentRule('We need this to show the results in this account')]}
      >
        <Checkbox>I agree that the results are released to this account.</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={busy} block>
        Activate kit
      </Button>
    </Form>
  );
}
