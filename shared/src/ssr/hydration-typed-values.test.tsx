// What React 19's hydrateRoot does with a value typed into a server-drawn field before it runs: the
// node keeps the text, but the component's state never hears of it, so a form submits what its
// state holds (nothing). Hydrating the first view would still need the typed values carried over
// (docs/decisions/first-view-hydration.md); this holds the premise of that decision.
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';

function EmailForm({ sent }: { sent: string[] }) {
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent.push(email);
      }}
    >
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

it('keeps the typed text on the node but not in the state: the form sends nothing of it', async () => {
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  global.IS_REACT_ACT_ENVIRONMENT = true;
  const sent: string[] = [];
  const container = document.createElement('div');
  container.innerHTML = renderToString(<EmailForm sent={sent} />);
  document.body.append(container);
  const field = container.querySelector('input')!;
  field.value = 'ada@example.com';

  const root = await act(async () => hydrateRoot(container, <EmailForm sent={sent} />));
  expect(field.value).toBe('ada@example.com');
  await act(async () => container.querySelector('button')!.click());
  expect(sent).toEqual(['']);

  await act(async () => root.unmount());
  container.remove();
});
