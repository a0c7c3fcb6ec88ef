// The chat panel's form when no chat provider is configured: the visitor leaves a message, which
// support answers by email. Loaded when the panel first opens, with the contract's rules.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  supportMessageBodySchema,
  type SupportMessageResponse,
} from '@shop/shared/contract/support';
import type { ApiClients, CurrentUser } from '@shop/shared/shell-contract/shell-props';
import { useSendSupportMessage } from '../api/send-support-message';

type Field = 'name' | 'email' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'message'];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

function fieldErrors(values: Values): Errors {
  const parsed = supportMessageBodySchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

function Acknowledgement({
  name,
  email,
  answer,
}: {
  name: string;
  email: string;
  answer: SupportMessageResponse;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The form the visitor was in is gone: put focus (and the screen reader) on what replaced it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      className="chat-ack"
      role="status"
      tabIndex={-1}
      data-testid="support-message-sent"
    >
      <p>
        <strong>Thanks, {name}. We have your message.</strong>
      </p>
      <p>
        We will answer {answer.expectedAnswer} at {email}.
      </p>
    </div>
  );
}

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function SupportMessageForm({ api, user }: { api: ApiClients; user: CurrentUser | null }) {
  const send = useSendSupportMessage(api);
  const [values, setValues] = useState<Values>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    message: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const id = useId();
  const errorId = (field: Field) => `${id}-${field}-error`;

  if (send.isSuccess)
    return (
      <Acknowledgement name={values.name.trim()} email={values.email.trim()} answer={send.data} />
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = fieldErrors(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) return refs[first].current?.focus();
    send.mutate(values, {
      onError: (error) => {
        // Field errors from the server go beside their fields; the typed text stays as it was.
        const fromServer: Errors = {};
        for (const field of FIELDS)
          if (error.fields[field]) fromServer[field] = error.fields[field];
        setErrors(fromServer);
        const firstServer = FIELDS.find((field) => fromServer[field]);
        if (firstServer) refs[firstServer].current?.focus();
      },
    });
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const described = (field: Field) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const serverProblem =
    send.isError && FIELDS.every((field) => !send.error.fields[field]) ? send.error.message : null;

  return (
    <form
      className="chat-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={send.isPending}
      aria-label="Leave us a message"
    >
      <p className="chat-form-lead">Leave a message and we will answer by email.</p>
      {(['name', 'email'] as const).map((field) => (
        <div className="chat-field" key={field}>
          <label htmlFor={`${id}-${field}`}>{field === 'name' ? 'Your name' : 'Your email'}</label>
          <input
            ref={refs[field]}
            id={`${id}-${field}`}
            name={field}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={field}
            inputMode={field === 'email' ? 'email' : undefined}
            value={values[field]}
            onChange={change(field)}
            {...described(field)}
          />
          {errors[field] && (
            <p id={errorId(field)} className="chat-error">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      <div className="chat-field">
        <label htmlFor={`${id}-message`}>Your message</label>
        <textarea
          ref={refs.message}
          id={`${id}-message`}
          name="message"
          rows={4}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          value={values.message}
          onChange={change('message')}
          {...described('message')}
        />
        {errors.message && (
          <p id={errorId('message')} className="chat-error">
            {errors.message}
          </p>
        )}
      </div>
      {/* Always in the page, so a message put into it is announced. */}
      <div role="alert" className="chat-alert">
        {serverProblem && (
          <p className="chat-error">
            {serverProblem} Your message is still here: please try again.
          </p>
        )}
      </div>
      <button type="submit" className="chat-send" disabled={send.isPending}>
        {send.isPending && <span className="chat-spinner" aria-hidden="true" />}
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
