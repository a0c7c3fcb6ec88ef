// Tells a developer, on every page, which remotes come from their own server instead of the
// registry, and which override values were refused and why.
import { useState } from 'react';
import type { ShellDevOverrides } from './dev-overrides';

export function DevOverrideBanner({
  devOverrides,
  onReset,
}: {
  devOverrides: ShellDevOverrides;
  onReset: () => void;
}) {
  const [refusalDismissed, setRefusalDismissed] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  const { overrides, refused } = devOverrides;
  const showOverrides = overrides.length > 0 && !resetDone;
  const showRefused = refused.length > 0 && !refusalDismissed;
  if (!showOverrides && !showRefused) return null;

  return (
    <div className="dev-override">
      {showOverrides && (
        <section
          className="dev-override-banner"
          role="region"
          aria-label="Development override"
          data-dev-override-banner=""
        >
          <p>
            <strong>Development override:</strong>{' '}
            {overrides.map((override, index) => (
              <span key={override.name}>
                {index > 0 && '; '}
                <code>{override.name}</code> loads from{' '}
                <code className="dev-override-url">{override.manifestUrl}</code>
              </span>
            ))}
            .
          </p>
          <button
            type="button"
            onClick={() => {
              devOverrides.reset();
              setResetDone(true);
              onReset();
            }}
          >
            Reset
          </button>
        </section>
      )}
      {showRefused && (
        <section className="dev-override-refused" role="alert" data-dev-override-refused="">
          <div>
            <strong>Development override refused.</strong> The shop loads the registry&apos;s
            version instead.
            <ul>
              {refused.map((refusal) => (
                <li key={refusal.value}>
                  <code className="dev-override-url">{refusal.value}</code>: {refusal.reason}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" onClick={() => setRefusalDismissed(true)}>
            Dismiss
          </button>
        </section>
      )}
    </div>
  );
}
